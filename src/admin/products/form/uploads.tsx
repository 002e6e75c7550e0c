import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface Uploads {
  /** Uploads still under way in this form. */
  active: number;
  track<T>(upload: Promise<T>): Promise<T>;
}

const UploadsContext = createContext<Uploads>({ active: 0, track: (upload) => upload });

/** Counts the media uploads of a form, so it is not saved while one is still on its way. */
export function UploadsProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState(0);
  const track = useCallback(async <T,>(upload: Promise<T>) => {
    setActive((n) => n + 1);
    try {
      return await upload;
    } finally {
      setActive((n) => n - 1);
    }
  }, []);
  const value = useMemo(() => ({ active, track }), [active, track]);
  return <UploadsContext.Provider value={value}>{children}</UploadsContext.Provider>;
}

export const useUploads = () => useContext(UploadsContext);
