import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, BUTTON_VARIANTS, buttonClasses } from './Button.tsx';

const classesOf = (html: string) => /class="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];

describe('Button', () => {
  it('is type="button" unless told otherwise', () => {
    expect(renderToStaticMarkup(<Button>Save</Button>)).toContain('type="button"');
    expect(renderToStaticMarkup(<Button type="submit">Save</Button>)).toContain('type="submit"');
  });

  it('renders its children and passes other button attributes through', () => {
    const html = renderToStaticMarkup(<Button name="go" aria-describedby="hint">Go</Button>);
    expect(html).toContain('>Go</button>');
    expect(html).toContain('name="go"');
    expect(html).toContain('aria-describedby="hint"');
  });

  it('when disabled, carries the disabled attribute and shows at 25% opacity', () => {
    const html = renderToStaticMarkup(<Button disabled>Go</Button>);
    expect(html).toMatch(/<button[^>]* disabled=""/);
    expect(classesOf(html)).toContain('opacity-25');
    expect(classesOf(renderToStaticMarkup(<Button>Go</Button>))).not.toContain('opacity-25');
  });

  it('drops hover effects when disabled, on every variant', () => {
    for (const variant of BUTTON_VARIANTS) {
      const classes = buttonClasses({ variant, disabled: true }).split(' ');
      expect(classes, variant).toContain('opacity-25');
      expect(classes.some((c) => c.startsWith('hover:')), variant).toBe(false);
    }
  });

  it('gives each variant a distinct class set', () => {
    const sets = BUTTON_VARIANTS.map((variant) => [...classesOf(renderToStaticMarkup(<Button variant={variant}>x</Button>))].sort().join(' '));
    expect(new Set(sets).size).toBe(BUTTON_VARIANTS.length);
  });

  it('is primary, rounded md and size md by default', () => {
    expect(buttonClasses()).toBe(buttonClasses({ variant: 'primary', rounded: 'md', size: 'md' }));
    expect(buttonClasses().split(' ')).toEqual(expect.arrayContaining(['bg-primary', 'text-on-primary', 'rounded-md', 'min-h-11']));
  });

  it('adds nothing for variant none and only layout for custom', () => {
    expect(buttonClasses({ variant: 'none' })).toBe('');
    expect(buttonClasses({ variant: 'none', className: 'x' })).toBe('x');
    const custom = buttonClasses({ variant: 'custom', className: 'bg-black' }).split(' ');
    expect(custom).toEqual(expect.arrayContaining(['inline-flex', 'rounded-md', 'bg-black']));
    expect(custom.some((c) => c.startsWith('bg-') && c !== 'bg-black')).toBe(false);
    expect(custom.some((c) => c.startsWith('px-'))).toBe(false);
  });

  it('maps every rounded size to its class', () => {
    for (const [rounded, expected] of [['none', 'rounded-none'], ['sm', 'rounded-sm'], ['lg', 'rounded-lg'], ['full', 'rounded-full']] as const) {
      expect(buttonClasses({ rounded }).split(' ')).toContain(expected);
    }
  });
});
