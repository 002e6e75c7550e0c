import type { Editor } from '@tiptap/core';
import { screen } from '@testing-library/react';
import { messages } from '../../src/shared/messages';

/**
 * Loads the editor's chunk (tiptap), as a page that has opened a contact form before has: the
 * first load transforms hundreds of modules, longer than a test waits for an element. For
 * `beforeAll` of a file that opens the contact form.
 */
export const loadBioEditor = () => import('../../src/admin/contacts/bio/BioInput');

/** The bio/notes editor: a multi-line text box named by the field's label, once its chunk is here. */
export const bioBox = () => screen.findByRole('textbox', { name: messages.contacts.fields.bio });

/**
 * Types into the bio editor with the transactions the keyboard makes: text inserted at the cursor,
 * Enter splitting the paragraph (jsdom has no input events ProseMirror could read). Returns the
 * editor, to select text for the toolbar.
 */
export async function typeBio(text: string): Promise<Editor> {
  const box = await bioBox();
  const editor = (box as HTMLElement & { editor: Editor }).editor;
  editor.commands.focus('end');
  text.split('\n').forEach((line, i) => {
    if (i > 0) editor.commands.splitBlock();
    if (line) editor.view.dispatch(editor.state.tr.insertText(line));
  });
  return editor;
}
