import { useCallback, useState } from 'react';

const STORAGE_KEY = 'signMessage';

/** spec: the sign-message switch is on by default and remembered in the browser. */
export function useSignMessage(): [boolean, (value: boolean) => void] {
  const [isOn, setIsOn] = useState(() => localStorage.getItem(STORAGE_KEY) !== 'false');
  const set = useCallback((value: boolean) => {
    localStorage.setItem(STORAGE_KEY, String(value));
    setIsOn(value);
  }, []);
  return [isOn, set];
}
