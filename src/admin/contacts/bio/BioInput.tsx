import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEditorState } from '@tiptap/react';
import {
  LinkButtons,
  ListButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';
import { useMemo } from 'react';
import { useMessages } from '../../i18n';
import { bioFromEditor, bioToEditor } from './bioValue';
import { bioEditorOptions } from './bioEditor';

const MARKS = [
  { mark: 'bold', Icon: FormatBold },
  { mark: 'italic', Icon: FormatItalic },
  { mark: 'underline', Icon: FormatUnderlined },
] as const;

/** Bold, italic and underline: react-admin's FormatButtons without strike-through and code. */
function MarkButtons() {
  const t = useMessages();
  const editor = useTiptapEditor();
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? MARKS.filter(({ mark }) => e.isActive(mark)) : []),
  });
  return (
    <ToggleButtonGroup
      size="small"
      value={active?.map(({ mark }) => mark) ?? []}
      disabled={!editor?.isEditable}
    >
      {MARKS.map(({ mark, Icon }) => (
        <ToggleButton
          key={mark}
          value={mark}
          aria-label={t(`richTextToolbar.${mark}`)}
          title={t(`richTextToolbar.${mark}`)}
          onClick={() => editor?.chain().focus().toggleMark(mark).run()}
        >
          <Icon fontSize="inherit" />
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/**
 * The contact's bio/notes in react-admin's rich-text editor (in a chunk of its own, see
 * BioField). A plain-text bio opens as paragraphs and, edited without formatting, is saved as
 * plain text again (bioValue.ts).
 */
export default function BioInput() {
  const t = useMessages();
  const label = t('contacts.fields.bio');
  const editorOptions = useMemo(() => bioEditorOptions(label), [label]);
  return (
    <RichTextInput
      source="bio"
      label={label}
      format={bioToEditor}
      parse={bioFromEditor}
      editorOptions={editorOptions}
      sx={{
        // Three lines tall when empty, as the multi-line field it replaces.
        '& .ProseMirror': { minHeight: '5em' },
        // Grouped buttons overlap by their border: at 32 px each keeps 24 px of its own (WCAG 2.5.8).
        '& .MuiToggleButton-root': { minWidth: 32, minHeight: 32 },
      }}
      toolbar={
        <RichTextInputToolbar size="small">
          <MarkButtons />
          <ListButtons size="small" />
          <LinkButtons size="small" />
        </RichTextInputToolbar>
      }
    />
  );
}
