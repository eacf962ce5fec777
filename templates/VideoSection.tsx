/**
 * The home page's video section (spec section 2, "Video section"): one large video and two
 * smaller ones, plus call and subscribe buttons. Each slot is a click-to-play facade that needs no
 * third-party request until the visitor asks; without JavaScript it links to the video.
 */
import { CallLink, ExternalLink } from './ContactLinks.tsx';
import { Icon } from './icons.tsx';
import { Section } from './sections.tsx';
import { useSite } from './site-context.ts';

/** One video slot: a link to the video with a local poster and a play button. */
export function VideoSlot({ youtubeId, title, size }: { youtubeId: string; title: string; size: 'large' | 'small' }) {
  return (
    <figure className={`video video-${size}`}>
      <a className="video-facade" href={`https://www.youtube.com/watch?v=${youtubeId}`} target="_blank" rel="noopener">
        <img src="/img/fallback.svg" alt="" width="1200" height="800" loading="lazy" decoding="async" />
        <span className="video-play" aria-hidden="true"><Icon name="video" size={32} /></span>
        <span className="visually-hidden">Play video: {title} (opens in a new tab)</span>
      </a>
      <figcaption>{title}</figcaption>
    </figure>
  );
}

/** The section with its three slots and the call and subscribe buttons. */
export function VideoSection() {
  const { videos, channelUrl } = useSite().settings;
  return (
    <Section title="See How We Work" intro="Short videos from our work around Grants." className="section-video">
      <div className="video-grid">
        <VideoSlot {...videos.featured} size="large" />
        <div className="video-side">
          {videos.more.map((v) => <VideoSlot key={v.youtubeId} {...v} size="small" />)}
        </div>
      </div>
      <p className="section-links">
        <CallLink source="video_section" />
        <ExternalLink className="btn btn-secondary" href={channelUrl} track="subscribe_click" source="video_section"><Icon name="video" size={20} /> Subscribe</ExternalLink>
      </p>
    </Section>
  );
}
