import { useId, useState, type ChangeEvent } from 'react';

/**
 * The state of a URL input with one error message (Discover Apps and the sources form): typing clears the error,
 * and the input points at the message while there is one. Spread `inputProps` on the input and render the
 * message with `errorId`.
 */
export function useUrlField() {
  const id = useId();
  const errorId = `${id}-error`;
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputProps = {
    id,
    value: url,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setUrl(event.target.value);
      if (error) setError(undefined);
    },
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return { url, setUrl, error, setError, errorId, inputProps };
}
