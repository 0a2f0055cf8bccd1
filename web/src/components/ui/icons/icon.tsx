import { iconShapes, type IconName } from './icon-shapes';

export interface IconProps {
  name: IconName;
  /** Width and height in pixels; the icon scales its stroke with it. */
  size?: number;
  /** A label makes the icon an image for assistive technology; without one it is decoration and hidden. */
  label?: string;
  /** Filled shapes (a chosen star); the default is outlined. */
  filled?: boolean;
  className?: string;
}

/** One icon of the set, inline SVG in the current text colour. */
export function Icon({ name, size = 16, label, filled = false, className }: IconProps) {
  return (
    <svg
      className={`ui-icon${className ? ` ${className}` : ''}`}
      data-icon={name}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {iconShapes[name].map((shape) => (
        <path key={shape} d={shape} />
      ))}
    </svg>
  );
}
