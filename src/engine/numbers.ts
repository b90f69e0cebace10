// Decimal places of a number written as text, one function for every place that counts them: the decimals a
// price may have (page_price_form '0.00' -> 2: the shared price rule's placeholder, the decimalPlaces
// operation of expressions, the list's price cells) and the decimals a value has (the maxDecimals keyword).

/** '0.00' -> 2, '12.5' -> 1, '7' -> 0. */
export function decimalPlaces(text: unknown): number {
  const s = text === null || text === undefined ? '' : String(text);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}
