import { useLocation } from "react-router";
import { useCounterpartPath, useRootData } from "../hooks";

/**
 * Canonical and hreflang links of the page being shown (React hoists them into <head>). Only
 * pages render them: an error page has no language versions and is not canonical.
 */
export function HeadLinks() {
  const { origin } = useRootData();
  const { pathname } = useLocation();
  const counterpart = useCounterpartPath();
  const de = counterpart("de");
  const en = counterpart("en");
  return (
    <>
      <link rel="canonical" href={origin + pathname} />
      {de && en && (
        <>
          <link rel="alternate" hrefLang="de" href={origin + de} />
          <link rel="alternate" hrefLang="en" href={origin + en} />
          <link rel="alternate" hrefLang="x-default" href={origin + de} />
        </>
      )}
    </>
  );
}
