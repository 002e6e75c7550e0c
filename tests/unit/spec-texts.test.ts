import { describe, expect, it } from 'vitest';
import {
  LIMITS,
  OFFERINGS,
  TIME_ZONES,
  TIMINGS,
  MOBILE_MENU_MAX_WIDTH,
} from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';

/** Texts and constants the specification quotes: they must stay word for word. */
describe('the messages module carries the spec texts verbatim', () => {
  const all = JSON.stringify(messages);
  it.each([
    'An error occurred during login',
    'What would you like to do today?',
    'Send Test MMS',
    'Loading...',
    'Try Again',
    'No programs match your search criteria.',
    'No programs created yet.',
    'No contacts found.',
    'No pods found. Create one from the Contacts page.',
    'No products found. Create your first product to get started.',
    'Program name is required',
    'Offering type is required when Nuanced is selected',
    'Product name is required',
    'Must have at least 1 day',
    'Cannot exceed 365 days',
    'Pre-message is required',
    'Conclusion message is required',
    'Day %{n} message is required',
    'Message cannot exceed 160 characters',
    'Exceeds limit!',
    'Invalid URL format',
    'Use a shortened URL (20-25 chars max)',
    'Fallback URL is recommended when media is included',
    "Link to full content in case MMS doesn't render properly",
    'Invalid file type. Please upload JPG, PNG, GIF, or MP4 files only.',
    'Email is required',
    'Please enter a valid email address',
    'Password is required for Host role',
    'Password must be at least 6 characters long',
    'Passwords do not match',
    'First name is required',
    'Last name is required',
    'Phone number is required to send opt-in message',
    'Phone number must be at least 10 digits',
    'Phone number is too long',
    'Format: +1234567890 (include country code)',
    'Mark email as verified to login.',
    'Mark phone as verified to receive text messages.',
    'Please provide both Pod ID and Pod Name',
    'Please select at least one contact',
    'Please select at least one contact to add',
    'Are you sure you want to remove this member from the pod?',
    'No active members in this pod. Click \\"Add Members\\" to get started.',
    'All contacts are already members of this pod.',
    'No contacts match your search criteria.',
    'Pod not found',
    'Authentication token not found. Please log in again.',
    'No authentication token found',
    'Invalid verification link. No token provided.',
    'Failed to verify email. The link may be invalid or expired.',
    'Password set successfully! You can now log in.',
    'Invalid request. User ID not found.',
  ])('%s', (text) => {
    expect(all).toContain(text);
  });
});

describe('business constants (spec section 9)', () => {
  it('match the specification', () => {
    expect(TIMINGS).toEqual({
      sessionRecheckMs: 1_800_000,
      successBannerMs: 5000,
      podBannerMs: 3000,
      verifyRedirectMs: 2000,
      setPasswordRedirectMs: 3000,
    });
    expect(LIMITS).toMatchObject({
      messageText: 160,
      messageTextWarning: 140,
      linkUrl: 25,
      daysMin: 1,
      daysMax: 365,
      daysDefault: 7,
      imageBytes: 512_000,
      videoBytes: 1_048_576,
      videoSeconds: 15,
      phoneDigitsMin: 10,
      phoneDigitsMax: 15,
      passwordMin: 6,
    });
    expect(TIME_ZONES[0]).toBe('America/Los_Angeles');
    expect(TIME_ZONES).toHaveLength(7);
    expect(OFFERINGS).toEqual(['Standard', 'Nuanced']);
    expect(MOBILE_MENU_MAX_WIDTH).toBe(1024);
  });
});
