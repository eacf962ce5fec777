/** Island load strategies (islands/runtime/load.ts) and the video player's choice of one. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { islandKey, parseIslandKey } from '../../islands/runtime/load.ts';
import { videoLoad } from '../../islands/VideoPlayer.tsx';

const key = suite('islandKey / parseIslandKey');
key('should record a placement loaded with the page by its name alone', () => {
  assert.is(islandKey('ChatbotSidebar'), 'ChatbotSidebar');
  assert.is(islandKey('ChatbotSidebar', 'load'), 'ChatbotSidebar');
});
key('should record a placement loaded on interaction as "Name@interaction"', () => {
  assert.is(islandKey('VideoPlayer', 'interaction'), 'VideoPlayer@interaction');
});
key('should read both kinds of key back', () => {
  assert.equal(parseIslandKey('ChatbotSidebar'), { name: 'ChatbotSidebar', load: 'load' });
  assert.equal(parseIslandKey('VideoPlayer@interaction'), { name: 'VideoPlayer', load: 'interaction' });
});
key('should throw on an unknown strategy', () => {
  assert.throws(() => parseIslandKey('VideoPlayer@visible'), /unknown load strategy "visible"/);
});
key.run();

const video = suite('videoLoad');
video('should load a hosted video\'s player on interaction (its facade works alone)', () => {
  assert.is(videoLoad({ youtubeId: 'aqz-KE-bpKQ' }), 'interaction');
  assert.is(videoLoad({ youtubeId: 'aqz-KE-bpKQ', src: '/v.mp4' }), 'interaction');
});
video('should load a file or missing-source player with the page (it logs at mount)', () => {
  assert.is(videoLoad({ src: '/v.mp4' }), 'load');
  assert.is(videoLoad({}), 'load');
  assert.is(videoLoad({ youtubeId: ' ' }), 'load');
});
video.run();
