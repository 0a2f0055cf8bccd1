import { useState } from 'react';

interface InlineTextFormProps {
  id: string;
  label: string;
  placeholder: string;
  /** The button's text ("Compare", "Show" …). */
  action: string;
  initial: string;
  onSubmit: (text: string) => void;
}

/** A one-field form beside a research screen (competitors, a topic, a domain): the text goes to onSubmit as typed. */
export function InlineTextForm({ id, label, placeholder, action, initial, onSubmit }: InlineTextFormProps) {
  const [text, setText] = useState(initial);
  return (
    <form
      className="competitor-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(text);
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input id={id} value={text} onChange={(event) => setText(event.target.value)} placeholder={placeholder} />
      <button type="submit" className="button button--small">
        {action}
      </button>
    </form>
  );
}
