// Replaced by the language dialog (helper).
export function LanguageSwitch() {
  return null;
}
