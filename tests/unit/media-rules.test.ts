import { describe, expect, it } from 'vitest';
import { detectFormat, mp4DurationSeconds } from '../../src/server/media/detect';
import { mediaFileProblem, mediaFormatOf, mediaNameFromUrl } from '../../src/shared/media';
import { messages } from '../../src/shared/messages';
import { gif, jpeg, mp4, png } from '../helpers/media-files';

describe('mediaFileProblem', () => {
  it.each([
    ['a.png', 512_000, null],
    ['a.PNG', 512_001, messages.media.imageTooLarge],
    ['a.gif', 512_001, messages.media.imageTooLarge],
    ['a.jpeg', 1, null],
    ['a.mp4', 1_048_576, null],
    ['a.mp4', 1_048_577, messages.media.videoTooLarge],
    ['a.mov', 10, messages.media.invalidType],
    ['a.png.exe', 10, messages.media.invalidType],
    ['a.png', 0, messages.media.empty],
  ])('%s of %i bytes: %s', (name, size, problem) => {
    expect(mediaFileProblem({ name, size })).toBe(problem);
  });

  it('maps extensions to formats', () => {
    expect(mediaFormatOf('x.JPG')).toMatchObject({
      mimeType: 'image/jpeg',
      type: 'image',
      extension: 'jpg',
    });
    expect(mediaFormatOf('x.gif')).toMatchObject({ type: 'gif' });
    expect(mediaFormatOf('x.mp4')).toMatchObject({ type: 'video' });
  });

  it('reads stored names from media URLs', () => {
    expect(mediaNameFromUrl('/media/abc_DEF-1.png')).toBe('abc_DEF-1.png');
    expect(mediaNameFromUrl('https://tidings.example.org/media/abc.mp4?x=1')).toBe('abc.mp4');
    expect(mediaNameFromUrl('https://example.org/photo.png')).toBeNull();
  });
});

describe('detectFormat', () => {
  it('recognises each accepted format by its first bytes', () => {
    expect(detectFormat(png())?.mimeType).toBe('image/png');
    expect(detectFormat(jpeg())?.mimeType).toBe('image/jpeg');
    expect(detectFormat(gif())?.mimeType).toBe('image/gif');
    expect(detectFormat(mp4())?.mimeType).toBe('video/mp4');
  });

  it('recognises nothing else', () => {
    expect(detectFormat(Buffer.from('hello'))).toBeNull();
    expect(detectFormat(Buffer.alloc(0))).toBeNull();
    expect(detectFormat(mp4({ brand: 'qt  ' }))).toBeNull();
  });
});

describe('mp4DurationSeconds', () => {
  it('reads version 0 and version 1 movie headers', () => {
    expect(mp4DurationSeconds(mp4({ seconds: 12.5 }))).toBe(12.5);
    expect(mp4DurationSeconds(mp4({ seconds: 90, version: 1 }))).toBe(90);
  });

  it('finds the movie header after other boxes', () => {
    expect(mp4DurationSeconds(mp4({ seconds: 3, size: 5000 }))).toBe(3);
  });

  it('answers null without a movie header or with a corrupt box', () => {
    expect(mp4DurationSeconds(mp4().subarray(0, 32))).toBeNull();
    const corrupt = Buffer.from(mp4());
    corrupt.writeUInt32BE(0xffffff, 0);
    expect(mp4DurationSeconds(corrupt)).toBeNull();
  });
});
