import { describe, expect, it } from 'vitest';
import { replyIntent } from '../../src/shared/keywords';

const cases = (intent: ReturnType<typeof replyIntent>, bodies: string[]) =>
  bodies.map((body) => [body, intent] as const);

describe('what a reply asks for', () => {
  it.each([
    ...cases('optin', ['JOIN', 'join', '  Join! ', 'START', 'unstop', 'Yes.', 'JOIN please']),
    ...cases('optout', [
      'STOP',
      'stop.',
      'Stop!',
      'STOPALL',
      'stop all',
      'Unsubscribe',
      'CANCEL',
      'end',
      'Quit',
      'revoke',
      'opt out',
      'Opt-Out',
      'OPTOUT',
      '🛑 STOP',
    ]),
    ...cases('help', ['HELP', 'info', 'Help me']),
  ])('reads the keyword in %j (case, spacing and punctuation ignored)', (body, intent) => {
    expect(replyIntent(body)).toBe(intent);
  });

  it.each([
    'stop please',
    'Please STOP texting me',
    'STOP!!! no more',
    'I want to unsubscribe',
    'Cancel please',
    'End these texts',
    'can you opt me out? opt out',
  ])('honours a request to stop inside a short reply: %j', (body) => {
    expect(replyIntent(body)).toBe('optout');
  });

  it.each([
    "don't stop",
    'Don’t stop!',
    'never stop sending these',
    'please do not stop',
    'I quit smoking today!',
    'see you at the end',
    'Yes I did my walk today',
    'Thanks, that helped a lot',
    'This is a long message that mentions stop somewhere near its end',
    '',
    '   ',
    '?!',
  ])('asks for nothing in %j: stored for staff, no automatic answer', (body) => {
    expect(replyIntent(body)).toBeNull();
  });
});
