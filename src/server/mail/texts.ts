/**
 * The words of the emails Tidings sends, once. They live on the server (the console never shows
 * them); templates.ts fills them in, and tests import them rather than retype them.
 * `%{first}` and `%{expires}` are filled in when an email is made (shared formatMessage).
 */
export const EMAIL_TEXTS = {
  greeting: 'Hi %{first},',
  signature: '— Tidings',
  welcome: {
    subject: 'Welcome to Tidings: verify your email address',
    intro:
      'An account has been created for you on Tidings. To start, verify your email address and choose a password:',
    action: 'Verify my email address',
    expiry:
      'This link works once and expires in %{expires}. If it has expired, ask a Tidings admin to send you a new welcome email.',
    unexpected:
      'If you did not expect this email, you can ignore it: nothing happens until the address is verified.',
  },
  password_reset: {
    subject: 'Reset your Tidings password',
    intro:
      'Someone asked to reset the password of your Tidings account. To choose a new password, open this link:',
    action: 'Choose a new password',
    expiry:
      'This link works once and expires in %{expires}. If it has expired, ask for a new one on the sign-in page.',
    unexpected:
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
  },
  webhook_disabled: {
    subject: 'Tidings disabled a failing webhook endpoint',
    intro:
      'Tidings has stopped sending events to the webhook endpoint %{url}: every call to it failed for five days.',
    action: 'Open the endpoint in Tidings',
    next: 'Its delivery log shows what it answered. Once it works again, enable it: the events that waited for it are sent then.',
  },
} as const;
