import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * Radix closes the dialog on Escape before the focused element sees the key; an open combobox
 * list inside the dialog should close first instead.
 */
export function escapeBelongsToPopup(event: KeyboardEvent): boolean {
  const target = event.target;
  return target instanceof Element && target.closest('[role="combobox"][aria-expanded="true"]') !== null;
}

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Keeps the dialog open on outside clicks (e.g. while a form is saving). */
  dismissible?: boolean;
}

/** A centred modal (full height on small screens) with a title, optional description and close button. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  className,
  dismissible = true,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="overlay" />
        <RadixDialog.Content
          className={cn('dialog', `dialog--${size}`, className)}
          onPointerDownOutside={dismissible ? undefined : (event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            if (!dismissible || escapeBelongsToPopup(event)) event.preventDefault();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
            ) : null}
            <RadixDialog.Close
              className="icon-button dialog__close"
              aria-label="Close"
              disabled={!dismissible}
            >
              <X aria-hidden="true" />
            </RadixDialog.Close>
          </header>
          <div className="dialog__body">{children}</div>
          {footer ? <footer className="dialog__footer">{footer}</footer> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
