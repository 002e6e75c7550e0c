import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import type { App } from '../../../src/server/app';
import type { OutgoingSms, SendOutcome, SmsProvider } from '../../../src/server/delivery/provider';
import { FAKE_TWILIO } from '../../helpers/fake-twilio';

const INBOUND_PATH = '/api/webhooks/twilio/inbound';

/** Every message accepted, with an id of its own. */
const accept = (sms: OutgoingSms): SendOutcome => ({ ok: true, providerMessageId: `SM${sms.id}` });

/**
 * A provider that answers each message as `answer` says (accepted, by default) and keeps every
 * message handed to it, in order, in `sent`.
 */
export function stubProvider(answer: (sms: OutgoingSms) => SendOutcome = accept) {
  const sent: OutgoingSms[] = [];
  const provider: SmsProvider & { sent: OutgoingSms[] } = {
    name: 'twilio',
    label: 'stub',
    sender: `stub-${randomBytes(4).toString('hex')}`,
    sent,
    async send(sms) {
      sent.push(sms);
      return answer(sms);
    },
    async lookup() {
      return null;
    },
  };
  return provider;
}

/**
 * A message from `from`, as Twilio posts it to the incoming-message webhook of an app configured
 * with the fake Twilio's account and `publicUrl`: signed over that URL and the form.
 */
export function signedReply(app: App, publicUrl: string, from: string, body: string) {
  const sid = `SM${randomBytes(16).toString('hex')}`;
  const form = {
    AccountSid: FAKE_TWILIO.accountSid,
    ApiVersion: '2010-04-01',
    To: FAKE_TWILIO.from,
    NumMedia: '0',
    MessageSid: sid,
    SmsSid: sid,
    From: from,
    Body: body,
  };
  return app.inject({
    method: 'POST',
    url: INBOUND_PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(
        FAKE_TWILIO.authToken,
        `${publicUrl}${INBOUND_PATH}`,
        form,
      ),
    },
    payload: new URLSearchParams(form).toString(),
  });
}
