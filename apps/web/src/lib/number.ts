const UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 10000 → '10k', 1234567 with 2 digits → '1.23M' (units k M G T P E). */
export function numberFormatter(num: number, digits = 0): string {
  for (const u of UNITS) {
    if (num >= u.value) {
      return (num / u.value).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, '$1') + u.symbol;
    }
  }
  return String(num);
}

/** 1234567 → '1,234,567' */
export function toThousand(num: number | string): string {
  return String(Number(num) || 0).replace(/^-?\d+/g, (m) => m.replace(/(?=(?!\b)(\d{3})+$)/g, ','));
}
