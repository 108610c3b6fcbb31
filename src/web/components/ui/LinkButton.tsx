import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './Button';

type ButtonAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLAnchorElement>;
};

function ButtonAnchor({ variant, size, className, ref, ...props }: ButtonAnchorProps) {
  return <a ref={ref} className={buttonClasses({ variant, size, className })} {...props} />;
}

/** A TanStack Router <Link> that looks like a Button: `<LinkButton to="/dashboard" variant="secondary">`. */
export const LinkButton = createLink(ButtonAnchor);
