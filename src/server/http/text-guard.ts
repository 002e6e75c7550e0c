import type { FastifyRequest } from 'fastify';
import { ERROR_BODY_LIMITS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { hasNonText, markNonText } from '../../shared/text';
import type { ValidationDetail } from '../../shared/responses/common';
import { badRequest } from './errors';

/** A field's place in the input, as a chain to its parent: no path is copied per level. */
interface Place {
  key: string;
  parent: Place | null;
}

const fieldOf = (place: Place | null): string => {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The fields of `roots` whose text (value or key) holds a character that is not text, in the
 * order they appear, at most ERROR_BODY_LIMITS.details of them. Walked with a stack of its own,
 * not by recursion: JSON.parse takes a body nested 100,000 deep, and the walk must too.
 */
export function nonTextFields(roots: unknown[]): string[] {
  const found: string[] = [];
  // `badKey`: the place's key is itself not text, so what it holds need not be looked at.
  const stack: { value: unknown; place: Place | null; badKey?: boolean }[] = roots
    .map((value) => ({ value, place: null }))
    .reverse();
  while (stack.length > 0 && found.length < ERROR_BODY_LIMITS.details) {
    const { value, place, badKey } = stack.pop()!;
    if (badKey || (typeof value === 'string' && hasNonText(value))) {
      found.push(fieldOf(place) || 'body');
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const bad = hasNonText(key);
        stack.push({
          value: child,
          place: { key: bad ? markNonText(key) : key, parent: place },
          badKey: bad,
        });
      }
    }
  }
  return found;
}

/**
 * preValidation hook for /api: refuses, before any handler runs, a request whose path
 * parameters, query or parsed body hold a character that is not text (see shared/text.ts). NUL
 * made PostgreSQL fail the query (a 500, or a CSV export cut off after its header row), and a lone
 * surrogate has no UTF-8 form to store. Multipart file names are read later, by the media route,
 * which keeps only their text.
 */
export async function refuseNonText(request: FastifyRequest) {
  const fields = nonTextFields([request.params, request.query, request.body]);
  if (fields.length === 0) return;
  const message = messages.server.invalidCharacters;
  const details: ValidationDetail[] = fields.map((field) => ({ field, message }));
  throw badRequest(message, details);
}
