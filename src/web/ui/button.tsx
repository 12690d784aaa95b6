import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cva, cx, type RecipeVariantProps } from '../../../styled-system/css';

const buttonRecipe = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    borderRadius: 'md',
    fontWeight: 'medium',
    borderWidth: '1px',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background 0.1s',
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
  },
  variants: {
    variant: {
      primary: { bg: 'blue.700', color: 'white', borderColor: 'blue.700', _hover: { bg: 'blue.800' } },
      secondary: { bg: 'white', color: 'gray.800', borderColor: 'gray.300', _hover: { bg: 'gray.100' } },
      ghost: { bg: 'transparent', color: 'gray.700', borderColor: 'transparent', _hover: { bg: 'gray.100' } },
      danger: { bg: 'red.700', color: 'white', borderColor: 'red.700', _hover: { bg: 'red.800' } },
    },
    size: {
      sm: { fontSize: 'xs', px: '2', py: '1' },
      md: { fontSize: 'sm', px: '3', py: '1.5' },
    },
  },
  defaultVariants: { variant: 'secondary', size: 'md' },
});

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  RecipeVariantProps<typeof buttonRecipe> & {
    /**
     * Its own work is running (a download, a save): it ignores activation and says so (aria-disabled,
     * aria-busy) but stays focusable, unlike `disabled`, which would drop the focus of the user who just
     * pressed it (the focus keeper would move it to a neighbour, and they would lose their place). Use
     * `disabled` for "not available" (it hands the focus on), `ocupado` for "working on it".
     */
    ocupado?: boolean;
  };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, className, type, ocupado, onClick, ...rest }, ref) {
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={cx(buttonRecipe({ variant, size }), className)}
      aria-disabled={ocupado || undefined}
      aria-busy={ocupado || undefined}
      onClick={(e) => {
        if (ocupado) return e.preventDefault();
        onClick?.(e);
      }}
      {...rest}
    />
  );
});
