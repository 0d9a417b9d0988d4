import { useRef, type ChangeEvent } from 'react';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import InsertLink from '@mui/icons-material/InsertLink';
import { useNotify, useTranslate } from 'react-admin';
import { ClearButtons, DefaultEditorOptions, FormatButtons, ListButtons, QuoteButtons, RichTextInput, RichTextInputToolbar, useTiptapEditor } from 'ra-input-rich-text';
import type { MessageFieldTranslation } from '../../../schema/messages';
import { MergeFieldChips } from '../../common/inputs/MergeFieldChips';

/** The editor commands used here (their types come with extensions this package does not import). */
interface Chain {
  toggleHeading(attributes: { level: 1 | 2 }): Chain;
  extendMarkRange(mark: string): Chain;
  setLink(attributes: { href: string }): Chain;
  unsetLink(): Chain;
  setImage(attributes: { src: string; alt?: string }): Chain;
  run(): boolean;
}
const chain = (editor: ReturnType<typeof useTiptapEditor> | null | undefined): Chain | undefined => editor?.chain().focus() as unknown as Chain | undefined;

/** Spec: image upload accepts only image files up to 100000 bytes. */
export const MAX_IMAGE_BYTES = 100_000;

/** Spec: a link must start with https:// or mailto:, otherwise it is dropped. */
export const isAllowedLink = (url: string): boolean => /^(https:\/\/\S+|mailto:\S+)$/i.test(url.trim());

/** The editor: headers 1 and 2 only, links only https:// or mailto: (others are not kept). */
const editorOptions = {
  ...DefaultEditorOptions,
  extensions: (DefaultEditorOptions.extensions ?? []).map((extension) =>
    extension.name === 'starterKit'
      ? extension.configure({ heading: { levels: [1, 2] }, link: { openOnClick: false, autolink: false, isAllowedUri: (url: string) => isAllowedLink(url) } })
      : extension,
  ),
};

function HeadingButtons() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  return (
    <ToggleButtonGroup size="small" aria-label={translate('messages.editor.headings')}>
      {([1, 2] as const).map((level) => (
        <ToggleButton
          key={level}
          value={level}
          title={translate('messages.editor.heading', { level })}
          selected={editor?.isActive('heading', { level }) ?? false}
          onClick={() => chain(editor)?.toggleHeading({ level }).run()}
        >
          H{level}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function LinkButton() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const notify = useNotify();
  const label = translate('messages.editor.link');
  const onClick = () => {
    const url = window.prompt(label, 'https://');
    if (url === null) return;
    if (!url.trim()) {
      chain(editor)?.extendMarkRange('link').unsetLink().run();
      return;
    }
    if (!isAllowedLink(url)) {
      notify('messages.editor.linkRule', { type: 'warning' });
      return;
    }
    chain(editor)?.extendMarkRange('link').setLink({ href: url.trim() }).run();
  };
  return (
    <ToggleButton size="small" value="link" aria-label={label} title={label} selected={editor?.isActive('link') ?? false} onClick={onClick}>
      <InsertLink fontSize="inherit" />
    </ToggleButton>
  );
}

function ImageButton() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const label = translate('messages.editor.image');
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notify('messages.editor.imageType', { type: 'warning' });
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      notify('messages.editor.imageSize', { type: 'warning', messageArgs: { max: MAX_IMAGE_BYTES } });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => chain(editor)?.setImage({ src: String(reader.result), alt: file.name }).run();
    reader.readAsDataURL(file);
  };
  return (
    <>
      <ToggleButton size="small" value="image" aria-label={label} title={label} onClick={() => input.current?.click()}>
        <ImageIcon fontSize="inherit" />
      </ToggleButton>
      <input ref={input} type="file" accept="image/*" hidden onChange={onFile} aria-hidden="true" tabIndex={-1} />
    </>
  );
}

/** The e-mail body: ra-input-rich-text with the spec's rich-text rules and the merge fields. */
export function RichBody({ source, label, fields }: { source: string; label: string; fields: MessageFieldTranslation[] }) {
  return (
    <RichTextInput
      source={source}
      label={label}
      fullWidth
      editorOptions={editorOptions}
      toolbar={
        <RichTextInputToolbar>
          <HeadingButtons />
          <FormatButtons size="small" />
          <ListButtons size="small" />
          <LinkButton />
          <ImageButton />
          <QuoteButtons size="small" />
          <ClearButtons size="small" />
          <MergeFieldChips fields={fields} label="messages.editor.mergeFields" />
        </RichTextInputToolbar>
      }
    />
  );
}
