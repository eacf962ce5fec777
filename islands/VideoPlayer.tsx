/** @jsxImportSource preact */
/**
 * The video player. Props: youtubeId or src, title,
 * className, autoplay, muted, controls, width, height (plus an optional local poster). 16:9.
 * Source priority (islands/common/video-source.ts): hosted id, then self-hosted mp4, else the
 * placeholder "No video source provided" with a warning logged.
 *
 * A hosted video is a click-to-play facade (after lite-youtube-embed): a local poster, the title
 * and a play button, linking to the watch page so it works without JavaScript. Nothing is asked
 * of the video host until the visitor clicks; the click inserts the iframe, which plays at once
 * (www.youtube-nocookie.com/embed/{id}?autoplay=1&rel=0, or ?autoplay=1 when autoplay is
 * requested): one click plays.
 * The poster is local on purpose: a thumbnail from the video host would be a third-party request
 * before the visitor asked.
 *
 * The facade works without this code, so a hosted video's player is placed with
 * load="interaction" (`videoLoad`): the page loads none of this until the visitor acts on it.
 */
import { Component, createRef } from 'preact';
import type { IslandLoad } from './runtime/load.ts';
import { logger } from './common/logger.ts';
import { chooseVideoSource, NO_SOURCE_TEXT, youtubeClickEmbedUrl, youtubeWatchUrl } from './common/video-source.ts';
import type { RuntimeStyles } from './runtime/runtime-styles.ts';

/**
 * What this island adds at run time (lib/build/page-css.ts keeps its rules): the player's frame with
 * its <iframe> after play, the facade's parts, and the placeholder shown when a video has no
 * source.
 */
export const RUNTIME_STYLES: RuntimeStyles = {
  classes: [/^video-/, 'iframe', 'visually-hidden'],
  attributes: [],
};

/** The <video> fallback text (followed by a Download the video link). */
export const NO_VIDEO_TAG_TEXT = 'Your browser does not support the video tag.';

/** Local poster of the facade and of a self-hosted video when none is given. */
export const DEFAULT_POSTER = '/img/fallback.svg';

export interface VideoPlayerProps {
  /** Hosted video id (the 11 characters after "v=" in a watch address). Wins over `src`. */
  youtubeId?: string;
  /** Self-hosted mp4, site path or URL. */
  src?: string;
  /** What the video shows; the facade's label and the iframe's title. */
  title?: string;
  /** Extra class on the player's outer element. */
  className?: string;
  /** Start playing when the player loads (for a hosted video: when the facade is clicked). Default false. */
  autoplay?: boolean;
  /** Start muted. Default false. */
  muted?: boolean;
  /** Show the player's controls. Default true. */
  controls?: boolean;
  /** Intrinsic width in CSS px (the player scales to its column at 16:9). Default 1280. */
  width?: number;
  /** Intrinsic height in CSS px. Default 720. */
  height?: number;
  /** Local poster image. Default /img/fallback.svg. */
  poster?: string;
}

/**
 * When a player's code should load (templates/Island.tsx `load`): "interaction" for a hosted
 * video, whose facade is a working link until the visitor acts; "load" for a file or no source,
 * whose error or missing-source warning is logged when the code mounts.
 */
export function videoLoad(props: Pick<VideoPlayerProps, 'youtubeId' | 'src'>): IslandLoad {
  return chooseVideoSource(props).kind === 'youtube' ? 'interaction' : 'load';
}

/** Play triangle in a rounded red badge (drawn here: it is the facade's main mark). */
function PlayButton() {
  return (
    <span class="video-play" aria-hidden="true">
      <svg width="68" height="48" viewBox="0 0 68 48" focusable="false">
        <rect width="68" height="48" rx="12" fill="currentColor" />
        <path d="M27 14v20l18-10z" fill="#fff" />
      </svg>
    </span>
  );
}

/**
 * A video player; see the module comment. A class component: Preact's hooks would add about 1 KB
 * gzipped to the page for nothing a class does not do.
 */
export default class VideoPlayer extends Component<VideoPlayerProps, { playing: boolean; live: boolean }> {
  state = { playing: false, live: false };
  private frame = createRef<HTMLIFrameElement>();
  private video = createRef<HTMLVideoElement>();

  componentDidMount() {
    this.setState({ live: true });
    if (chooseVideoSource(this.props).kind === 'none') logger.warn(NO_SOURCE_TEXT, { title: this.props.title });
    // An error that happened before the script ran has no listener left to hear it.
    if (this.video.current?.error) this.logVideoError(this.video.current);
  }

  componentDidUpdate(_: VideoPlayerProps, prev: { playing: boolean }) {
    if (this.state.playing && !prev.playing) this.frame.current?.focus();
  }

  /** "Video failed to load: {message or Unknown video error}" with src, title, error code. */
  private logVideoError = (el: HTMLVideoElement) => {
    const err = el.error;
    logger.error(`Video failed to load: ${err?.message || 'Unknown video error'}`, { src: el.currentSrc || el.getAttribute('src'), title: this.props.title, errorCode: err?.code ?? null });
  };

  private play = (event: MouseEvent) => {
    // Let modified clicks (new tab, new window) reach the watch page as a normal link.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    this.setState({ playing: true });
  };

  render(props: VideoPlayerProps, { playing, live }: { playing: boolean; live: boolean }) {
    const { title = 'Video', className, autoplay = false, muted = false, controls = true, width = 1280, height = 720, poster = DEFAULT_POSTER } = props;
    const source = chooseVideoSource(props);
    const cls = className ? `video-player ${className}` : 'video-player';

    if (source.kind === 'none') {
      return (
        <div class={cls}>
          <div class="video-frame video-placeholder"><p>{NO_SOURCE_TEXT}</p></div>
        </div>
      );
    }

    if (source.kind === 'file') {
      return (
        <div class={cls}>
          <video
            class="video-frame"
            ref={this.video}
            src={source.src}
            title={title}
            width={width}
            height={height}
            poster={poster}
            controls={controls}
            autoplay={autoplay}
            muted={muted}
            playsInline
            preload={autoplay ? 'auto' : 'none'}
            onError={(e) => this.logVideoError(e.currentTarget as HTMLVideoElement)}
          >
            {NO_VIDEO_TAG_TEXT} <a href={source.src} download>Download the video</a>
          </video>
        </div>
      );
    }

    return (
      <div class={cls}>
        <div class="video-frame">
          {playing ? (
            <iframe
              ref={this.frame}
              src={youtubeClickEmbedUrl(source.id, { autoplay, muted, controls })}
              title={title}
              width={width}
              height={height}
              data-site-embed=""
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
              allowFullScreen
              referrerpolicy="strict-origin-when-cross-origin"
              onError={() => logger.error('YouTube iframe failed to load', { youtubeId: source.id, title })}
            />
          ) : (
            // data-hold-click: a click before the code is held and replayed, so it plays here (islands/runtime/load.ts).
            <a class="video-facade" href={youtubeWatchUrl(source.id)} target="_blank" rel="noopener" data-hold-click="" onClick={this.play}>
              <img src={poster} alt="" width={width} height={height} loading="lazy" decoding="async" data-fallback={DEFAULT_POSTER} />
              <span class="video-title"><span class="visually-hidden">Play video: </span>{title}</span>
              <PlayButton />
              {!live && <span class="visually-hidden"> (opens in a new tab)</span>}
            </a>
          )}
        </div>
      </div>
    );
  }
}
