import type { Translated } from "./geo";

export const contactSetting = {
  companyName: "Eventwerk GmbH",
  email: "hallo@eventwerk.example",
  phone: "+49 30 1234567",
  street: "Torstraße 109",
  postalCode: "10119",
  city: "Berlin",
  country: { de: "Deutschland", en: "Germany" } as Translated,
  openingHours: {
    de: "Montag bis Freitag, 9:00–18:00 Uhr (außer an gesetzlichen Feiertagen in Berlin)",
    en: "Monday to Friday, 9 am – 6 pm CET (except public holidays in Berlin)",
  } as Translated,
};
