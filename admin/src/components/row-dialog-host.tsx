import { createContext, useContext, useState, type ReactElement, type ReactNode } from 'react';

type Show = (dialog: ReactElement | null) => void;

const Host = createContext<Show | null>(null);

/**
 * Where a list keeps the dialogs its rows open, above the rows: a row is remounted when the list
 * changes layout (a phone turned, a window resized across a breakpoint, the table giving way to
 * the phone's lines), and a dialog kept in it would close, losing what was typed.
 */
export function RowDialogHost({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<ReactElement | null>(null);
  return (
    <Host.Provider value={setDialog}>
      {children}
      {dialog}
    </Host.Provider>
  );
}

/**
 * Opens a row's dialog in the list's `RowDialogHost`, or in place (the `inPlace` element, to render
 * beside the button) where there is none, as on a record's own page. `render` makes the dialog,
 * mounted open, given what closes it.
 */
export function useRowDialog(): {
  open: (render: (onClosed: () => void) => ReactElement) => void;
  inPlace: ReactElement | null;
} {
  const host = useContext(Host);
  const [inPlace, setInPlace] = useState<ReactElement | null>(null);
  const show: Show = host ?? setInPlace;
  return { open: (render) => show(render(() => show(null))), inPlace };
}
