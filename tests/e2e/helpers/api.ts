import { expect } from 'vitest';

/**
 * The API as one staff member, as a script would use it: signed in once with
 * POST /api/auth/login, then each call with the session's bearer token. Browser tests set up what
 * a screen shows through it.
 */
export interface StaffApi {
  token: string;
  /**
   * A call that must succeed: its answer's JSON. The status must be `status` when given, and any
   * 2xx otherwise; the failure message is the server's answer.
   */
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    status?: number,
  ): Promise<T>;
}

export async function signInToApi(
  baseUrl: string,
  email: string,
  password: string,
): Promise<StaffApi> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return {
    token,
    async call<T>(method: string, path: string, body?: unknown, status?: number) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as T;
      if (status === undefined) expect(response.status, JSON.stringify(json)).toBeLessThan(300);
      else expect(response.status, JSON.stringify(json)).toBe(status);
      return json;
    },
  };
}

/** What a program needs to send its day 0, all through the API. */
export interface OneDayProgram {
  /** The product's name; its conclusion thanks the participants by it. */
  product: string;
  /** Day 0's text (the product's pre-message). */
  welcome: string;
  /** Day 1's text. */
  day: string;
  pod: { podId: string; podName: string; memberIds: string[] };
  programName: string;
  timeZone: string;
  startDate: string;
  sendTime: string;
}

/** A one-day product, a pod of the given participants and a program of both; the program's id. */
export async function createOneDayProgram(staff: StaffApi, program: OneDayProgram) {
  const text = (body: string) => ({ text: body, links: [], media: null, fallbackUrl: '' });
  const product = await staff.call<{ data: { id: string } }>('POST', '/api/products', {
    name: program.product,
    days: 1,
    preMessage: text(program.welcome),
    messages: [text(program.day)],
    conclusionMessage: text(`That was ${program.product}. Thank you!`),
  });
  const { pod } = await staff.call<{ pod: { id: string } }>('POST', '/api/pods', {
    podId: program.pod.podId,
    podName: program.pod.podName,
    members: program.pod.memberIds.map((userId) => ({ userId, role: 'participant' })),
  });
  const created = await staff.call<{ id: string }>('POST', '/api/programs', {
    programName: program.programName,
    productId: product.data.id,
    offering: 'Standard',
    timeZone: program.timeZone,
    podIds: [pod.id],
    startDate: program.startDate,
    sendTime: program.sendTime,
  });
  return created.id;
}
