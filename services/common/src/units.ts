/** A size for people: "5 MB", "512 KB" (limits are round numbers, so no decimals). */
export const formatBytes = (n: number) => (n >= 1048576 ? `${Math.round(n / 1048576)} MB` : `${Math.round(n / 1024)} KB`);

/** A count for people, grouped by thousands ("10,000"), the same in Chinese and English. */
export const formatCount = (n: number) => n.toLocaleString('en-US');
