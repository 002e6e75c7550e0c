import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { LIMITS } from '../../src/shared/constants';
import { formatMessage } from '../../src/shared/format';
import { messages } from '../../src/shared/messages';
import { bearer, createUser, loginAs, startTestApp, type TestContext } from './helpers/app';

/** The contact's bio/notes as rich text: sanitised on the way in, plain text in the CSV. */
let ctx: TestContext;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await startTestApp();
  const admin = await createUser(ctx.db, { role: 'admin', firstName: 'Ada' });
  auth = bearer(await loginAs(ctx.app, admin.user.email, admin.password!));
});
afterAll(() => ctx.close());

let n = 0;
const contact = (bio: string) => {
  n += 1;
  return {
    email: `bio${n}@bio.test`,
    role: 'participant',
    status: 'active',
    profile: { firstName: 'Rich', lastName: `Text${n}`, bio },
  };
};

/** Creates a contact with `bio`; returns its id and the bio the API answers with. */
async function create(bio: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/contacts',
    payload: contact(bio),
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id, profile } = response.json().contact;
  return { id: id as string, bio: profile.bio as string };
}

const storedBio = async (id: string) =>
  (await ctx.db.select({ bio: users.bio }).from(users).where(eq(users.id, id)))[0]!.bio;

const HOSTILE =
  '<p>Hello <script>alert(1)</script><img src=x onerror=alert(1)>' +
  '<a href="javascript:alert(1)">click</a> <a href="JaVa&#x09;ScRiPt:alert(1)">again</a>' +
  '<span style="color:red" onclick="x()">styled</span></p>';

describe('the bio is stored as sanitised HTML', () => {
  it('strips <script>, onerror= and javascript: links on create, keeping the text', async () => {
    const { id, bio } = await create(HOSTILE);
    expect(bio).toBe('<p>Hello click againstyled</p>');
    expect(await storedBio(id)).toBe(bio);
    for (const bad of ['<script', 'onerror', 'javascript', '<img', 'style=', 'onclick']) {
      expect(bio.toLowerCase()).not.toContain(bad);
    }
  });

  it('strips them on update too', async () => {
    const { id } = await create('Plain');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/contacts/${id}`,
      payload: contact(HOSTILE),
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().contact.profile.bio).toBe('<p>Hello click againstyled</p>');
    expect(await storedBio(id)).toBe('<p>Hello click againstyled</p>');
  });

  it("keeps the editor's bold, italic, underline, lists and safe links", async () => {
    // As the sanitiser writes it: `<br />`, and a link's href first.
    const html =
      '<p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u><br />next line</p>' +
      '<ul><li><p>one</p></li><li><p>two</p></li></ul><ol start="3"><li><p>three</p></li></ol>' +
      '<p><a href="https://tidings.example/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">site</a> ' +
      '<a href="mailto:ada@example.org" target="_blank" rel="noopener noreferrer">mail</a></p>';
    const { bio } = await create(html);
    expect(bio).toBe(html);
  });

  it('gives every link the fixed target and rel, and drops data: and relative links', async () => {
    const { bio } = await create(
      '<p><a href="http://tidings.example" rel="opener" target="_self" class="x">ok</a>' +
        '<a href="data:text/html,hi">data</a><a href="//evil.example">proto</a><a href="/x">rel</a></p>',
    );
    expect(bio).toBe(
      '<p><a href="http://tidings.example" target="_blank" rel="noopener noreferrer">ok</a>dataprotorel</p>',
    );
  });

  it.each([
    ['a < b, and b > c & d', 'a < b, and b > c & d'],
    ['First line\nSecond line', 'First line\nSecond line'],
    ['  I <3 walks  ', 'I <3 walks'],
  ])('keeps plain text as it is: %j', async (sent, kept) => {
    const { id, bio } = await create(sent);
    expect(bio).toBe(kept);
    expect(await storedBio(id)).toBe(kept);
  });

  // A browser reads `<` before a letter, `/`, `!` or `?` as markup, tag or not (`<svg/onload=…>`
  // is an element with a handler, `x<y` swallows what follows it in a page), so such text cannot
  // be stored as plain text: it is stored as HTML that reads exactly as it was written.
  it.each([
    ['<svg/onload=alert(1)>', '<p>&lt;svg/onload=alert(1)&gt;</p>'],
    ['x<y', '<p>x&lt;y</p>'],
    ['Call me <b onmouseover=alert(1) ', '<p>Call me &lt;b onmouseover=alert(1)</p>'],
    [
      'Tea & <!doctype\n\n<?php but a < b',
      '<p>Tea &amp; &lt;!doctype<br /><br />&lt;?php but a &lt; b</p>',
    ],
    ['</x', '<p>&lt;/x</p>'],
  ])('stores text a browser would read as markup escaped, as written: %j', async (sent, safe) => {
    const { id, bio } = await create(sent);
    expect(bio).toBe(safe);
    expect(await storedBio(id)).toBe(safe);
    // The export reads it as it was written.
    const email = `bio${n}@bio.test`;
    const csv = await ctx.app.inject({ url: `/api/contacts/export.csv?q=${email}`, headers: auth });
    const row = csv.body.split('\r\n')[1]!;
    const text = sent.trim();
    expect(row.endsWith(/[",\n]/.test(text) ? `,"${text.replace(/"/g, '""')}"` : `,${text}`)).toBe(
      true,
    );
  });

  it.each(['<p></p>', '<p> </p><p></p>', '<script>alert(1)</script>'])(
    'stores %j, with no text, as an empty bio',
    async (sent) => {
      const { bio } = await create(sent);
      expect(bio).toBe('');
    },
  );

  it('counts the text against the limit, not the markup', async () => {
    const text = 'x'.repeat(LIMITS.bioText);
    expect((await create(`<p><strong>${text}</strong></p>`)).bio).toContain(text);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: contact(`<p>${text}y</p>`),
      headers: auth,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({
      field: 'bio',
      message: formatMessage(messages.contacts.bioTooLong, { max: LIMITS.bioText }),
    });
  });
});

describe('the CSV export', () => {
  it('writes the bio as plain text, a line per paragraph and list item', async () => {
    await create(
      '<p>Likes <strong>walks</strong> &amp; tea</p><ul><li><p>mornings</p></li><li><p>a &lt; b</p></li></ul>',
    );
    await create('Plain, "quoted"');
    const response = await ctx.app.inject({
      url: '/api/contacts/export.csv?q=bio.test&sort=email&order=asc',
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    const body = response.body.replace(/^\uFEFF/, '');
    expect(body.split('\r\n')[0]!.endsWith(`,${messages.contacts.fields.bio}`)).toBe(true);
    expect(body).toContain(',"Likes walks & tea\n• mornings\n• a < b"\r\n');
    expect(body).toContain(',"Plain, ""quoted"""\r\n');
    expect(body).not.toMatch(/<strong>|&amp;|<p>/);
  });
});
