/** Joins class names, skipping the conditional ones that are off: cx('card', open && styles.open). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
