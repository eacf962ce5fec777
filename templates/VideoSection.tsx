/**
 * The home page's video section: the first video large and the others
 * smaller (none: no section at all, so no player markup and no player script) (VideoPlayer islands: click-to-play facades that ask nothing of the video host
 * until the visitor clicks), plus call and subscribe buttons (the channel opens in a new tab).
 * The players' code loads when the visitor acts on one (`videoLoad`: load="interaction" for a
 * hosted video), so the home page does not carry it.
 */
import { isSampleVideo, SAMPLE_VIDEOS } from '../lib/content/samples.ts';
import { CallLink, ExternalLink } from './ContactLinks.tsx';
import { Icon } from './icons.tsx';
import { videoLoad } from '../islands/VideoPlayer.tsx';
import { Island } from './Island.tsx';
import { Section } from './sections.tsx';
import { useSite } from './site-context.ts';

/** Local posters of the three slots, in order (site art; no request to the video host). */
const POSTERS = ['/img/scene-mesa.svg', '/img/scene-town.svg', '/img/scene-plains.svg'];

/**
 * The title a visitor sees on a video: the operator's title, or for one of the sample videos of
 * lib/content/samples.ts (films by others) "Sample video: {its real title}", so a stranger's film is
 * never presented as the business's work.
 */
function shownVideoTitle(v: { youtubeId: string; title: string }): string {
  const sample = SAMPLE_VIDEOS.find((s) => s.youtubeId === v.youtubeId);
  return sample ? `Sample video: ${sample.realTitle}` : v.title;
}

/**
 * The section intro: our own work around `base` (the settings' base town), unless sample videos
 * are shown, which it then says are samples and not ours.
 */
function videoIntro(videos: { youtubeId: string }[], base: string): string {
  const samples = videos.filter((v) => isSampleVideo(v.youtubeId)).length;
  if (samples === 0) return `Short videos from our work around ${base}.`;
  if (samples === videos.length) return 'Sample videos by other film makers, shown until our own videos are added. They are not our work.';
  return `Short videos from our work around ${base}. Videos marked "Sample video" are by others, not our work.`;
}

/**
 * The section with its players and the call and subscribe buttons (Subscribe only with a channel
 * link); nothing without videos.
 */
export function VideoSection() {
  const { videos, channelUrl, location } = useSite().settings;
  if (videos.length === 0) return null;
  const [featured, ...more] = videos;
  return (
    <Section title="See How We Work" intro={videoIntro(videos, location.locality)} className="section-video">
      <div className="video-grid">
        <Island name="VideoPlayer" load={videoLoad(featured)} className="video-slot video-slot-large" props={{ youtubeId: featured.youtubeId, title: shownVideoTitle(featured), width: 800, height: 450, poster: POSTERS[0] }} />
        {more.length > 0 && <div className="video-side">
          {more.map((v, i) => (
            <Island key={v.youtubeId} name="VideoPlayer" load={videoLoad(v)} className="video-slot video-slot-small" props={{ youtubeId: v.youtubeId, title: shownVideoTitle(v), width: 800, height: 450, poster: POSTERS[(i + 1) % POSTERS.length] }} />
          ))}
        </div>}
      </div>
      <p className="section-links">
        <CallLink source="video_section" />
        {channelUrl && <ExternalLink className="btn btn-secondary" href={channelUrl} track="subscribe_click" source="video_section"><Icon name="video" size={20} /> Subscribe</ExternalLink>}
      </p>
    </Section>
  );
}
