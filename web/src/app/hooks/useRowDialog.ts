import { useState } from 'react';

/**
 * A list's add/edit dialog: `editing` holds the row it is open for (row null: a new one) and is undefined while
 * closed; `modal` is what the dialog takes. Saving closes it and reloads the list.
 */
export function useRowDialog<T>(reload: () => void) {
  const [editing, setEditing] = useState<{ row: T | null }>();
  const close = () => setEditing(undefined);
  return {
    editing,
    open: (row: T | null) => setEditing({ row }),
    modal: {
      open: !!editing,
      onClose: close,
      onSaved: () => {
        close();
        reload();
      },
    },
  };
}
