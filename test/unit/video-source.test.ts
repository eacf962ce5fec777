import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chooseVideoSource, NO_SOURCE_TEXT, youtubeClickEmbedUrl, youtubeEmbedUrl, youtubeWatchUrl } from '../../islands/common/video-source.ts';

const choose = suite('chooseVideoSource');
choose('should prefer the hosted video id over a file', () => {
  assert.equal(chooseVideoSource({ youtubeId: 'aqz-KE-bpKQ', src: '/video/a.mp4' }), { kind: 'youtube', id: 'aqz-KE-bpKQ' });
});
choose('should use the file when there is no id', () => {
  assert.equal(chooseVideoSource({ src: '/video/a.mp4' }), { kind: 'file', src: '/video/a.mp4' });
});
choose('should treat a blank id as absent', () => {
  assert.equal(chooseVideoSource({ youtubeId: '  ', src: '/video/a.mp4' }), { kind: 'file', src: '/video/a.mp4' });
});
choose('should give none without id or file', () => {
  assert.equal(chooseVideoSource({}), { kind: 'none' });
  assert.equal(chooseVideoSource({ youtubeId: '', src: ' ' }), { kind: 'none' });
});
choose('should name the placeholder text', () => {
  assert.is(NO_SOURCE_TEXT, 'No video source provided');
});
choose.run();

const embed = suite('youtubeEmbedUrl');
embed('should turn related videos off when autoplay is not requested', () => {
  assert.is(youtubeEmbedUrl('aqz-KE-bpKQ'), 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0');
});
embed('should turn autoplay on when requested', () => {
  assert.is(youtubeEmbedUrl('aqz-KE-bpKQ', { autoplay: true }), 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
});
embed('should add mute and controls only when they differ from the defaults', () => {
  assert.is(youtubeEmbedUrl('x', { autoplay: true, muted: true, controls: false }), 'https://www.youtube-nocookie.com/embed/x?autoplay=1&mute=1&controls=0');
});
embed('should encode an id so it cannot leave the path', () => {
  assert.is(youtubeEmbedUrl('a/../b?c'), 'https://www.youtube-nocookie.com/embed/a%2F..%2Fb%3Fc?rel=0');
});
embed('should play at once after a facade click, with related videos still off', () => {
  assert.is(youtubeClickEmbedUrl('aqz-KE-bpKQ'), 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0');
  assert.is(youtubeClickEmbedUrl('x', { muted: true }), 'https://www.youtube-nocookie.com/embed/x?autoplay=1&rel=0&mute=1');
  assert.is(youtubeClickEmbedUrl('x', { autoplay: true }), 'https://www.youtube-nocookie.com/embed/x?autoplay=1');
});
embed.run();

const watch = suite('youtubeWatchUrl');
watch('should link to the watch page', () => {
  assert.is(youtubeWatchUrl('aqz-KE-bpKQ'), 'https://www.youtube.com/watch?v=aqz-KE-bpKQ');
});
watch.run();
