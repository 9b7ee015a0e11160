/**
 * The department of a French postcode: its first two digits, three overseas (971 to 976, 98x), and Corsica's
 * 20xxx split into Corse-du-Sud (200xx, 201xx: 2A) and Haute-Corse (202xx to 206xx: 2B). A few communes
 * are served by a neighbouring department's post office; the postcode then names that department, as La
 * Poste does.
 */
export function departmentOfPostcode(postcode: string): string | null {
  if (!/^[0-9]{5}$/.test(postcode)) return null;
  if (postcode.startsWith('97') || postcode.startsWith('98')) return postcode.slice(0, 3);
  if (postcode.startsWith('20')) return Number(postcode.slice(2, 3)) <= 1 ? '2A' : '2B';
  return postcode.slice(0, 2);
}
