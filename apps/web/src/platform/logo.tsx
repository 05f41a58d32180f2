/** The product mark: a card on a rounded square, in the theme colour. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#409EFF" />
      <rect x="6" y="10" width="20" height="13" rx="2" fill="none" stroke="#fff" strokeWidth="2" />
      <rect x="6" y="13" width="20" height="3" fill="#fff" />
    </svg>
  );
}
