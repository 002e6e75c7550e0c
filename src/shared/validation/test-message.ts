/**
 * Send Test MMS (POST /api/messages/test, and the dashboard's dialog): exactly one recipient, a
 * phone (`to`) or a contact (`contactId`), and exactly one content, free text (`body`, with an
 * optional uploaded `mediaUrl`) or a product's day (`productId` and `day`). A field left blank may
 * be null. The body's rules and their texts are the server's (server/validation/test-message.ts,
 * checked against this type): the console never shows them, so it does not ship them.
 */
export interface TestMessageRequest {
  to?: string | null;
  contactId?: string | null;
  body?: string | null;
  mediaUrl?: string | null;
  productId?: string | null;
  day?: number | null;
}
