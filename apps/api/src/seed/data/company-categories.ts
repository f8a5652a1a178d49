import type { Translated } from "./geo";

export const companyCategories: { slug: string; name: Translated }[] = [
  { slug: "concert-promoter", name: { de: "Konzertveranstalter", en: "Concert promoter" } },
  { slug: "theatre-stage", name: { de: "Theater & Bühne", en: "Theatre & stage" } },
  { slug: "club-nightlife", name: { de: "Club & Nachtleben", en: "Club & nightlife" } },
  { slug: "festival-organiser", name: { de: "Festivalveranstalter", en: "Festival organiser" } },
  {
    slug: "sports-club",
    name: { de: "Sportverein & Sportverband", en: "Sports club & association" },
  },
  { slug: "museum-exhibition", name: { de: "Museum & Ausstellung", en: "Museum & exhibition" } },
  {
    slug: "conference-trade-fair",
    name: { de: "Kongress- & Messeveranstalter", en: "Conference & trade fair organiser" },
  },
  { slug: "education-workshops", name: { de: "Bildung & Workshops", en: "Education & workshops" } },
  {
    slug: "non-profit",
    name: { de: "Verein & gemeinnützige Organisation", en: "Association & non-profit" },
  },
  {
    slug: "public-institution",
    name: { de: "Kommune & öffentliche Einrichtung", en: "Municipality & public institution" },
  },
  { slug: "agency", name: { de: "Agentur", en: "Agency" } },
  { slug: "other", name: { de: "Sonstiges", en: "Other" } },
];
