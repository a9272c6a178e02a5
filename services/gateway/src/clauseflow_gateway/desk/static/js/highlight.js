// Where each risk's quoted words are in the contract: ranges per block, for <mark> elements.

const LEVEL_RANK = { high: 0, medium: 1, low: 2 };

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** [start, end) of `quote` in `text`: exact first, then ignoring differences in white space. */
export function locate(text, quote) {
  const wanted = (quote || "").trim();
  if (!wanted) return null;
  const exact = text.indexOf(wanted);
  if (exact >= 0) return [exact, exact + wanted.length];
  const words = wanted.split(/\s+/).filter(Boolean).map(escapeRegExp);
  if (!words.length) return null;
  const match = new RegExp(words.join("\\s+")).exec(text);
  return match ? [match.index, match.index + match[0].length] : null;
}

/**
 * For each block id, the non-overlapping ranges {start, end, risk} to mark (higher levels win an
 * overlap), and the risks whose quote was found nowhere (their clause is marked as a whole).
 */
export function riskRanges(blocks, risks) {
  const ranges = new Map();
  const unplaced = [];
  const ordered = [...risks].sort((a, b) => (LEVEL_RANK[a.risk_level] ?? 3) - (LEVEL_RANK[b.risk_level] ?? 3));
  for (const risk of ordered) {
    let placed = false;
    for (const block of blocks) {
      if (!block.path.includes(risk.clause_id)) continue;
      const at = locate(block.text, risk.original_text);
      if (!at) continue;
      const list = ranges.get(block.clause_id) || [];
      if (!list.some((r) => at[0] < r.end && r.start < at[1])) {
        list.push({ start: at[0], end: at[1], risk });
        ranges.set(block.clause_id, list);
      }
      placed = true;
      break;
    }
    if (!placed) unplaced.push(risk);
  }
  for (const list of ranges.values()) list.sort((a, b) => a.start - b.start);
  return { ranges, unplaced };
}
