import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import {
  conclusionDay,
  dayOfField,
  emptyMessage,
  messageSize,
  newProductDraft,
  resizeMessages,
  smsBody,
  totalMessages,
} from '../../src/shared/product';
import { isHttpUrl, productSchemas } from '../../src/shared/validation/product';
import { TEST_MESSAGE_SETTINGS, testProductSchemas } from '../helpers/message-settings';

const productCreateSchema = testProductSchemas.create;
const productUpdateSchema = testProductSchemas.update;

const t = messages.products;
const msg = (text: string, extra = {}) => ({ ...emptyMessage(0), text, ...extra });
const valid = (days = 2) => ({
  name: 'P',
  days,
  preMessage: msg('pre'),
  messages: Array.from({ length: days }, (_, i) => msg(`day ${i + 1}`)),
  conclusionMessage: msg('end'),
});
const issues = (input: unknown, schema = productCreateSchema) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('days', () => {
  it('default to 7, with the conclusion on day days+1 and days+2 messages in all', () => {
    const draft = newProductDraft();
    expect(draft.days).toBe(7);
    expect(draft.messages.map((m) => m.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(draft.preMessage.day).toBe(0);
    expect(draft.conclusionMessage.day).toBe(8);
    expect(conclusionDay(7)).toBe(8);
    expect(totalMessages(7)).toBe(9);
  });

  it('grow with empty messages and shrink by cutting off the extras', () => {
    const three = [msg('a'), msg('b'), msg('c')].map((m, i) => ({ ...m, day: i + 1 }));
    expect(resizeMessages(three, 5)).toEqual([...three, emptyMessage(4), emptyMessage(5)]);
    expect(resizeMessages(three, 1)).toEqual([three[0]]);
  });

  it('come back with their words when shrunk and grown again (from the stash)', () => {
    const three = [msg('a'), msg('b'), msg('c')].map((m, i) => ({ ...m, day: i + 1 }));
    const one = resizeMessages(three, 1);
    expect(resizeMessages(one, 3, three).map((m) => m.text)).toEqual(['a', 'b', 'c']);
  });

  it.each([
    [0, t.daysMin],
    [undefined, t.daysMin],
    ['', t.daysMin],
    [366, t.daysMax],
    [1.5, t.daysWhole],
  ])('refuse %j with %s', (days, message) => {
    expect(issues({ ...valid(1), days })).toContainEqual(['days', message]);
  });

  it('accept 1 and 365', () => {
    expect(issues(valid(1))).toEqual([]);
    expect(issues(valid(365))).toEqual([]);
  });
});

describe('required texts', () => {
  it('name the message that is missing', () => {
    const input = valid(3);
    input.preMessage = msg(' ');
    input.messages[2] = msg('');
    input.conclusionMessage = msg('');
    expect(issues({ ...input, name: '' })).toEqual(
      expect.arrayContaining([
        ['name', t.nameRequired],
        ['preMessage.text', t.preMessageRequired],
        ['messages.2.text', 'Day 3 message is required'],
        ['conclusionMessage.text', t.conclusionRequired],
      ]),
    );
  });
});

describe('message length', () => {
  it('counts the text, then each link URL with the line break it goes on', () => {
    expect(
      messageSize({ text: 'abc', links: [{ url: 'https://a.co', label: 'ignored label' }] }),
    ).toMatchObject({ units: 16, textUnits: 3, linksUnits: 13, limit: 160 });
  });

  it('allows 160 and refuses 161, the line break before the link counted', () => {
    const link = { url: 'https://ex.co/1234567890', label: '', tracked: false };
    const at = valid(1);
    at.preMessage = msg('x'.repeat(160 - 1 - link.url.length), { links: [link] });
    expect(issues(at)).toEqual([]);
    const over = valid(1);
    over.preMessage = msg('x'.repeat(161 - 1 - link.url.length), { links: [link] });
    expect(issues(over)).toEqual([['preMessage.text', t.messageTooLong]]);
  });

  it('sends the links after the text, one per line', () => {
    expect(
      smsBody({
        text: 'Read:',
        links: [
          { url: 'https://a.co/1', label: 'x' },
          { url: 'https://a.co/2', label: 'y' },
        ],
      }),
    ).toBe('Read:\nhttps://a.co/1\nhttps://a.co/2');
  });
});

describe('links', () => {
  it.each(['http://a.co', 'https://bit.ly/3xYz', 'https://ex.co:8080/a?b=c#d'])(
    'accept %s',
    (url) => {
      expect(isHttpUrl(url)).toBe(true);
    },
  );

  it.each(['ftp://a.co', 'www.a.co', 'https://', 'https://a b.co', 'javascript:alert(1)', ''])(
    'refuse %j',
    (url) => {
      expect(isHttpUrl(url)).toBe(false);
      const input = valid(1);
      input.preMessage = msg('hi', { links: [{ url, label: '' }] });
      expect(issues(input)).toEqual([['preMessage.links.0.url', t.invalidUrl]]);
    },
  );

  it('must be at most 25 characters when they go as typed (untracked)', () => {
    const typed = (url: string) => ({ url, label: '', tracked: false });
    const input = valid(1);
    input.preMessage = msg('hi', { links: [typed('https://example.com/abcdef')] });
    expect(issues(input)).toEqual([['preMessage.links.0.url', t.urlTooLong]]);
    input.preMessage = msg('hi', { links: [typed('https://example.com/abcde')] });
    expect(issues(input)).toEqual([]);
  });

  it('are tracked unless told otherwise, and then may be longer: the message carries the short link', () => {
    const long = `https://example.com/${'a'.repeat(400)}`;
    const input = valid(1);
    input.preMessage = msg('hi', { links: [{ url: long, label: '' }] });
    expect(issues(input)).toEqual([]);
    expect(productCreateSchema.parse(input).preMessage.links[0]!.tracked).toBe(true);
    input.preMessage = msg('hi', { links: [{ url: `${long}${'a'.repeat(2048)}`, label: '' }] });
    expect(issues(input)).toEqual([
      ['preMessage.links.0.url', 'A tracked link cannot exceed 2048 characters'],
    ]);
  });

  it('keep the 25 when the short link itself is longer than 25 (a long SHORT_LINK_BASE)', () => {
    const schema = productSchemas({
      ...TEST_MESSAGE_SETTINGS,
      shortLinkBase: 'https://tidings.example.org/l',
    });
    const input = valid(1);
    input.preMessage = msg('hi', { links: [{ url: 'https://example.com/abcdef', label: '' }] });
    expect(issues(input, schema.create)).toEqual([['preMessage.links.0.url', t.urlTooLong]]);
  });

  it('count as their short link in the 160 when tracked: 24 characters with the code', () => {
    const link = { url: `https://example.com/${'a'.repeat(100)}`, label: '' };
    const at = valid(1);
    at.preMessage = msg('x'.repeat(160 - 1 - 24), { links: [link] });
    expect(issues(at)).toEqual([]);
    const over = valid(1);
    over.preMessage = msg('x'.repeat(161 - 1 - 24), { links: [link] });
    expect(issues(over)).toEqual([['preMessage.text', t.messageTooLong]]);
  });
});

describe('media', () => {
  const image = {
    type: 'image',
    filename: 'a.png',
    mimeType: 'image/png',
    size: 10,
    url: '/media/x.png',
  };

  it('needs a fallback URL', () => {
    const input = valid(1);
    input.preMessage = msg('hi', { media: image });
    expect(issues(input)).toEqual([['preMessage.fallbackUrl', t.fallbackRecommended]]);
    input.preMessage = msg('hi', { media: image, fallbackUrl: 'https://example.org/full' });
    expect(issues(input)).toEqual([]);
  });

  it('is dropped when it has no url, and the local file object is never kept', () => {
    const input = valid(1);
    input.preMessage = msg('hi', { media: { type: 'image', filename: 'a.png', file: {} } });
    const parsed = productCreateSchema.parse(input);
    expect(parsed.preMessage.media).toBeNull();
    input.preMessage = msg('hi', {
      media: { ...image, file: {} },
      fallbackUrl: 'https://example.org',
    });
    expect(productCreateSchema.parse(input).preMessage.media).toEqual(image);
  });
});

describe('message count', () => {
  it('reports missing days as required and refuses extra ones', () => {
    expect(issues({ ...valid(2), days: 3 })).toEqual([
      ['messages.2.text', 'Day 3 message is required'],
    ]);
    expect(issues({ ...valid(3), days: 2 })).toEqual([
      ['messages', 'There are 3 day messages for 2 days: send one message per day'],
    ]);
  });
});

describe('a day count out of range', () => {
  it.each([100_000, 10_000_000, 1e308])(
    'of %d is told only that it is too many, with no check per day',
    (days) => {
      expect(issues({ ...valid(1), days })).toEqual([['days', t.daysMax]]);
      expect(issues({ ...valid(1), days }, productUpdateSchema)).toEqual([['days', t.daysMax]]);
    },
  );

  it('is not checked per day below the minimum or when not whole either', () => {
    expect(issues({ ...valid(1), days: -5 })).toEqual([['days', t.daysMin]]);
    expect(issues({ ...valid(1), days: 'many' })).toEqual([['days', t.daysMin]]);
    expect(issues({ ...valid(1), days: 2.5 })).toEqual([['days', t.daysWhole]]);
  });

  it('stops the day messages from being checked one by one when there are too many', () => {
    const input = { ...valid(1), messages: Array.from({ length: 100_000 }, () => ({})) };
    expect(issues(input)).toEqual([['messages', t.daysMax]]);
  });

  it('leaves every per-day message of a valid count, as the form shows them', () => {
    const input = { ...valid(365), messages: Array.from({ length: 365 }, () => msg('')) };
    const found = issues(input);
    expect(found).toHaveLength(365);
    expect(found[364]).toEqual(['messages.364.text', 'Day 365 message is required']);
    expect(issues({ ...valid(10), days: 365 })).toHaveLength(355);
  });
});

describe('status', () => {
  it('is one of active, inactive, archived on update', () => {
    expect(issues({ ...valid(1), status: 'archived' }, productUpdateSchema)).toEqual([]);
    expect(issues({ ...valid(1), status: 'draft' }, productUpdateSchema)[0]?.[0]).toBe('status');
  });
});

describe('dayOfField', () => {
  it('maps payload fields to days', () => {
    expect(dayOfField('preMessage.text', 5)).toBe(0);
    expect(dayOfField('messages.0.links.1.url', 5)).toBe(1);
    expect(dayOfField('conclusionMessage.fallbackUrl', 5)).toBe(6);
    expect(dayOfField('name', 5)).toBeUndefined();
  });
});
