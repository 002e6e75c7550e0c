import { withLifecycleCallbacks, type DataProvider } from 'react-admin';
import { withPodMembers } from './podMembersResource';
import { withWebhookAttempts } from './webhookAttemptsResource';
import { contactCallbacks } from './contactCallbacks';
import { programCallbacks } from './programCallbacks';

/**
 * What the console adds to the HTTP provider: resources built from the API's own calls (a pod's
 * members, a webhook endpoint's log) and each resource's save shaping. The app applies it to
 * whichever provider it is given, so every screen saves the same way whatever answers the calls.
 */
export const forConsole = (provider: DataProvider): DataProvider =>
  withLifecycleCallbacks(withWebhookAttempts(withPodMembers(provider)), [
    contactCallbacks,
    programCallbacks,
  ]);
