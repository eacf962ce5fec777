/** @jsxImportSource preact */
/**
 * The chatbot sidebar: a floating button at bottom
 * right that bounces with a badge for its first 3 seconds, opening a side panel with the Chat
 * with Assistant button (external assistant, new tab), Emergency Call and Get Quote quick actions,
 * sample questions and help topics.
 *
 * The server HTML is a <details> whose <summary> is the button, so the panel opens and closes
 * without JavaScript. The island's code loads when the visitor first acts on it
 * (templates/ChatbotArea.tsx places it with load="interaction"); a click on the button before the
 * code has arrived opens the <details> natively (islands/runtime/interaction.ts leaves clicks on a
 * <summary> alone) and the island adopts that state when it hydrates. Hydrated, the island
 * controls `open` itself and adds: the close button in the panel header, the overlay (a tap on it
 * closes), Escape, the focus trap while open, focus back on the button when closed,
 * aria-expanded/aria-modal. Before it has hydrated, Escape still closes the open panel
 * (islands/site/chatbot-keys.ts, loaded with every page).
 *
 * The attention state is in the server HTML (its bounce is a finite CSS animation, so it stops by
 * itself without JavaScript) and is ended by islands/site/chatbot-attention.ts (ATTENTION_MS after
 * navigation start), which every page loads: the island only follows the page. Each render reads
 * the state from the document (the toggle's class), so hydrating after 3 s does not bring the
 * badge back, and the first render after 3 s drops what the page already removed.
 */
import { Component, createRef } from 'preact';
import { IslandIcon } from './common/icons.tsx';
import type { RuntimeStyles } from './runtime/runtime-styles.ts';

/**
 * What this island adds at run time (lib/build/page-css.ts keeps its rules): the overlay and close
 * button once hydrated, the attention class and badge, the panel's buttons, and `open` on the
 * <details> when the visitor opens it.
 */
export const RUNTIME_STYLES: RuntimeStyles = {
  classes: [/^chatbot/, 'is-attention', 'btn', 'btn-call', 'btn-primary', 'btn-quote', 'visually-hidden'],
  attributes: ['open', 'aria-modal'],
};

/** Class of the toggle in the attention state (removed by islands/site/chatbot-attention.ts). */
const ATTENTION_CLASS = 'is-attention';

/**
 * True while the page still shows the attention state: the
 * toggle in the document has ATTENTION_CLASS (islands/site/chatbot-attention.ts removes it 3 s
 * after navigation start). Always true at build time (no document): the server HTML starts in
 * that state.
 */
function attentionInPage(): boolean {
  return typeof document === 'undefined' || !!document.querySelector(`.chatbot-toggle.${ATTENTION_CLASS}`);
}

/** What can take focus inside the panel (the focus trap cycles through these). */
const FOCUSABLE = 'a[href], button:not([disabled])';

export interface ChatbotSidebarProps {
  /** tel: link of the Emergency Call quick action. */
  callHref: string;
  /** mailto: link of the Get Quote quick action. */
  emailHref: string;
  /** The external AI assistant (opens in a new tab). */
  assistantUrl: string;
  /**
   * Sample questions; each opens the assistant. Given only to the build's own render
   * (templates/ChatbotArea.tsx); in the browser they are the ones compiled into this code
   * (BUILT_CHATBOT), as every page has the same.
   */
  questions?: readonly string[];
  /** Help topics, each linking to the page that answers it: as `questions`. */
  topics?: readonly { label: string; href: string }[];
}

/** The questions and topics the build compiled in (`__SITE__.chatbot`, JSON text of content/chatbot.yaml); none under Node. */
const BUILT_CHATBOT: { questions: readonly string[]; topics: readonly { label: string; href: string }[] } =
  typeof __SITE__ !== 'undefined' ? JSON.parse(__SITE__.chatbot) : { questions: [], topics: [] };

interface State {
  open: boolean;
  /** True once hydrated: the close button, overlay and aria-modal appear. */
  live: boolean;
}

/**
 * The sidebar. Props as above (JSON, from templates/ChatbotArea.tsx).
 * A class component: Preact's hooks would add about 1 KB gzipped to every page for nothing a
 * class does not do (the JS budget is 15 KB per page).
 */
export default class ChatbotSidebar extends Component<ChatbotSidebarProps, State> {
  state: State = { open: false, live: false };
  private details = createRef<HTMLDetailsElement>();
  private toggle = createRef<HTMLElement>();
  private panel = createRef<HTMLDivElement>();

  componentDidMount() {
    // The visitor may have opened the <details> before the script arrived.
    this.setState({ live: true, open: !!this.details.current?.open });
  }

  componentDidUpdate(_: ChatbotSidebarProps, prev: State) {
    const { open, live } = this.state;
    if (open === prev.open && live === prev.live) return;
    // Focus moves into the panel when it opens and back to the button when it closes. Hydrating
    // a panel the visitor already opened (before the code arrived) moves focus only if it is still
    // on the button or nowhere: a keyboard user already tabbing inside the panel stays put.
    const active = document.activeElement;
    const adopting = open && !prev.live;
    const focusFree = !active || active === document.body || active === this.toggle.current;
    if (open && (!adopting || focusFree)) (this.panel.current?.querySelector<HTMLElement>('.chatbot-close') ?? this.panel.current)?.focus();
    else if (prev.open) this.toggle.current?.focus();
    if (open !== prev.open || !prev.live) {
      document.removeEventListener('keydown', this.onKey);
      if (open) document.addEventListener('keydown', this.onKey);
    }
  }

  componentWillUnmount() {
    document.removeEventListener('keydown', this.onKey);
  }

  /** While open: Escape closes, Tab and Shift+Tab stay inside the panel. */
  private onKey = (event: KeyboardEvent) => {
    const panel = this.panel.current;
    if (event.key === 'Escape') {
      event.preventDefault();
      this.setState({ open: false });
      return;
    }
    if (event.key !== 'Tab' || !panel) return;
    const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    const inside = active instanceof Node && panel.contains(active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };

  private close = () => this.setState({ open: false });

  private onToggleClick = (event: MouseEvent) => {
    event.preventDefault();
    this.setState((s) => ({ open: !s.open }));
  };

  /** Keeps state right if the browser opens the <details> itself (e.g. find in page). */
  private onToggle = () => {
    const open = !!this.details.current?.open;
    if (open !== this.state.open) this.setState({ open });
  };

  render({ callHref, emailHref, assistantUrl, questions = BUILT_CHATBOT.questions, topics = BUILT_CHATBOT.topics }: ChatbotSidebarProps, { open, live }: State) {
    // Bounce and badge: as the page shows them (the first render matches the server HTML as
    // islands/site/chatbot-attention.ts left it; a later one drops what it removed).
    const attention = attentionInPage();
    return (
      <details class="chatbot" ref={this.details} open={open} onToggle={this.onToggle}>
        <summary
          class={attention ? `chatbot-toggle ${ATTENTION_CLASS}` : 'chatbot-toggle'}
          ref={this.toggle}
          aria-label="Help and quick contact"
          aria-expanded={live ? (String(open) as 'true' | 'false') : undefined}
          onClick={this.onToggleClick}
        >
          <IslandIcon name="chat" size={28} />
          {attention && <span class="chatbot-badge" aria-hidden="true">?</span>}
        </summary>
        {live && <div class="chatbot-overlay" aria-hidden="true" onClick={this.close} />}
        <div class="chatbot-panel" ref={this.panel} role="dialog" aria-modal={live ? 'true' : undefined} aria-labelledby="chatbot-title" tabIndex={-1}>
          <div class="chatbot-head">
            <span class="chatbot-avatar"><IslandIcon name="chat" size={24} /></span>
            <div class="chatbot-heading">
              <h2 id="chatbot-title" class="chatbot-title">How can we help?</h2>
              <p class="chatbot-lead">Ask our assistant, or reach us directly.</p>
            </div>
            {live && (
              <button type="button" class="chatbot-close" aria-label="Close help panel" onClick={this.close}>
                <IslandIcon name="close" size={24} />
              </button>
            )}
          </div>
          <div class="chatbot-body">
            <a class="btn btn-primary chatbot-assistant" href={assistantUrl} target="_blank" rel="noopener" data-track="chatbot_click" data-source="chatbot_sidebar">
              <IslandIcon name="chat" size={20} /> Chat with Assistant<span class="visually-hidden"> (opens in a new tab)</span>
            </a>
            <div class="chatbot-actions">
              <a class="btn btn-call" href={callHref} data-track="phone_call" data-source="chatbot_sidebar">
                <IslandIcon name="phone" size={20} /><span>Emergency Call</span>
              </a>
              <a class="btn btn-quote" href={emailHref} data-track="email_click" data-source="chatbot_sidebar">
                <IslandIcon name="mail" size={20} /><span>Get Quote</span>
              </a>
            </div>
            <h3 class="chatbot-subtitle">People ask</h3>
            <ul class="chatbot-questions" role="list">
              {questions.map((q) => (
                <li key={q}>
                  <a href={assistantUrl} target="_blank" rel="noopener" data-track="chatbot_click" data-source="chatbot_sidebar">
                    {q}<span class="visually-hidden"> (ask our assistant, opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
            <h3 class="chatbot-subtitle">Help topics</h3>
            <ul class="chatbot-topics" role="list">
              {topics.map((t) => <li key={t.href}><a href={t.href}>{t.label}</a></li>)}
            </ul>
          </div>
        </div>
      </details>
    );
  }
}
