import { describe, expect, it } from 'vitest';
import { templateBody, type ProductDayMessage } from '../../src/server/delivery/body';

/** A day's message as sent with its links as typed (none of them tracked) and no fields filled. */
const programMessageBody = (message: ProductDayMessage, publicUrl: string) =>
  templateBody(message, publicUrl, 'https://tid.gs/l');

const PUBLIC_URL = 'https://tidings.example.org';

const message = (overrides: Partial<Parameters<typeof programMessageBody>[0]> = {}) => ({
  text: 'Take a deep breath.',
  links: [],
  mediaStorageName: null,
  fallbackUrl: null,
  ...overrides,
});

describe('programMessageBody', () => {
  it('sends the text alone when there are no links and no media', () => {
    expect(programMessageBody(message(), PUBLIC_URL)).toEqual({
      body: 'Take a deep breath.',
      mediaUrl: null,
      segments: 1,
    });
  });

  it('sends each link URL on a line of its own after the text, never its label', () => {
    const out = programMessageBody(
      message({
        links: [
          { url: 'https://t.ly/a1', label: 'Breathing guide' },
          { url: 'https://t.ly/b2', label: 'Video' },
        ],
      }),
      PUBLIC_URL,
    );
    expect(out.body).toBe('Take a deep breath.\nhttps://t.ly/a1\nhttps://t.ly/b2');
    expect(out.body).not.toContain('Breathing guide');
    expect(out.mediaUrl).toBeNull();
  });

  it('makes media an absolute URL from PUBLIC_URL and appends the fallback URL to the text', () => {
    const out = programMessageBody(
      message({
        links: [{ url: 'https://t.ly/a1', label: 'Guide' }],
        mediaStorageName: 'AbCdEfGhIjKlMnOpQrStUv.jpg',
        fallbackUrl: 'https://t.ly/full',
      }),
      PUBLIC_URL,
    );
    expect(out.mediaUrl).toBe(`${PUBLIC_URL}/media/AbCdEfGhIjKlMnOpQrStUv.jpg`);
    expect(out.body).toBe('Take a deep breath.\nhttps://t.ly/a1\nhttps://t.ly/full');
  });

  it('does not append a fallback URL to a message without media', () => {
    const out = programMessageBody(message({ fallbackUrl: 'https://t.ly/full' }), PUBLIC_URL);
    expect(out.body).toBe('Take a deep breath.');
  });

  it('sends media without a fallback URL as the text alone', () => {
    const out = programMessageBody(
      message({ mediaStorageName: 'AbCdEfGhIjKlMnOpQrStUv.png', fallbackUrl: '  ' }),
      PUBLIC_URL,
    );
    expect(out).toMatchObject({ body: 'Take a deep breath.', segments: 1 });
  });

  it('counts GSM-7 segments: 160 characters in one, 161 in two', () => {
    expect(programMessageBody(message({ text: 'a'.repeat(160) }), PUBLIC_URL).segments).toBe(1);
    expect(programMessageBody(message({ text: 'a'.repeat(161) }), PUBLIC_URL).segments).toBe(2);
  });

  it('counts UCS-2 segments when a character is outside GSM-7: 70 in one, 71 in two', () => {
    expect(programMessageBody(message({ text: `${'a'.repeat(69)}✓` }), PUBLIC_URL).segments).toBe(
      1,
    );
    expect(programMessageBody(message({ text: `${'a'.repeat(70)}✓` }), PUBLIC_URL).segments).toBe(
      2,
    );
  });

  it('counts the link URLs and their line breaks in the segments', () => {
    const text = 'a'.repeat(140);
    const out = programMessageBody(
      message({ text, links: [{ url: 'https://t.ly/abcdefgh', label: 'x' }] }),
      PUBLIC_URL,
    );
    // 140 + 1 line break + 21 = 162 units: two GSM-7 segments.
    expect(out.segments).toBe(2);
  });

  it('counts an MMS as one message whatever the length of its text', () => {
    const out = programMessageBody(
      message({ text: 'é✓'.repeat(100), mediaStorageName: 'AbCdEfGhIjKlMnOpQrStUv.gif' }),
      PUBLIC_URL,
    );
    expect(out.segments).toBe(1);
  });
});
