import { type DragEvent, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import classes from './FileDrop.module.css';

type InputAria = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'aria-label' | 'aria-labelledby' | 'aria-describedby' | 'aria-invalid'
>;

/**
 * A drop area that is also the file picker (a label around a hidden, focusable input): documents and
 * the portfolio import. `children` is what it shows; `FileDrop.Title` its bold line.
 */
export function FileDrop({
  accept,
  multiple = false,
  invalid = false,
  className,
  input,
  onFiles,
  children,
}: {
  accept: string;
  multiple?: boolean;
  invalid?: boolean;
  className?: string;
  input: InputAria;
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    if (list?.length) onFiles(multiple ? [...list] : [list[0] as File]);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };
  return (
    <label
      htmlFor={id}
      className={className ? `${classes.dropzone} ${className}` : classes.dropzone}
      data-over={over || undefined}
      data-error={invalid || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {children}
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={accept}
        className={classes.input}
        {...input}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
    </label>
  );
}

FileDrop.Title = function FileDropTitle({ children }: { children: ReactNode }) {
  return <span className={classes.title}>{children}</span>;
};
