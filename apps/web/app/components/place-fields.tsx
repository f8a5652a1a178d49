import type { City, Country, District } from "@eventwerk/contract";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslations } from "use-intl";
import { useRootData } from "../hooks";
import { resources } from "../route-table";
import { SelectField } from "./form-field";

export type PlaceValues = { country_id?: string; city_id?: string; district_id?: string };
type PlaceOptions = { options: (City | District)[] };

/**
 * Country, city and district as cascading selects: choosing a country loads its cities, a city
 * its districts. The server renders the lists for the values it has, so without JavaScript the
 * form still submits, and the API answers a city of another country with a field error.
 */
export function PlaceFields({
  idPrefix,
  namePrefix = "",
  countries,
  cities,
  districts,
  values,
  errors,
  required = true,
}: {
  idPrefix: string;
  /** `address.` when the API expects the place inside an address object. */
  namePrefix?: string;
  countries: readonly Country[];
  cities: readonly City[];
  districts: readonly District[];
  values: PlaceValues;
  errors: Partial<Record<keyof PlaceValues, string>>;
  /** False when the address is optional (one choice of several). */
  required?: boolean;
}) {
  const t = useTranslations("forms");
  const { locale } = useRootData();
  const [country, setCountry] = useState(values.country_id ?? "");
  const [city, setCity] = useState(values.city_id ?? "");
  const [district, setDistrict] = useState(values.district_id ?? "");
  const [cityList, setCityList] = useState<readonly City[]>(cities);
  const [districtList, setDistrictList] = useState<readonly District[]>(districts);
  const cityFetcher = useFetcher<PlaceOptions>();
  const districtFetcher = useFetcher<PlaceOptions>();

  useEffect(() => {
    if (cityFetcher.data) setCityList(cityFetcher.data.options as City[]);
  }, [cityFetcher.data]);
  useEffect(() => {
    if (districtFetcher.data) setDistrictList(districtFetcher.data.options as District[]);
  }, [districtFetcher.data]);

  const chooseCountry = (value: string) => {
    setCountry(value);
    setCity("");
    setDistrict("");
    setCityList([]);
    setDistrictList([]);
    if (value) cityFetcher.load(`${resources.places.path}?country_id=${value}&lang=${locale}`);
  };
  const chooseCity = (value: string) => {
    setCity(value);
    setDistrict("");
    setDistrictList([]);
    if (value) districtFetcher.load(`${resources.places.path}?city_id=${value}&lang=${locale}`);
  };
  const loadingCities = cityFetcher.state === "loading";
  const loadingDistricts = districtFetcher.state === "loading";

  return (
    <>
      <SelectField
        id={`${idPrefix}-country`}
        name={`${namePrefix}country_id`}
        label={t("country")}
        placeholder={t("chooseCountry")}
        options={countries.map((entry) => ({ value: entry.id, label: entry.name }))}
        value={country}
        onChange={chooseCountry}
        required={required}
        error={errors.country_id}
      />
      <SelectField
        id={`${idPrefix}-city`}
        name={`${namePrefix}city_id`}
        label={t("city")}
        placeholder={loadingCities ? t("loading") : t("chooseCity")}
        options={cityList.map((entry) => ({ value: entry.id, label: entry.name }))}
        value={city}
        onChange={chooseCity}
        // Required only with cities to choose from: without JavaScript nothing loads them after a
        // country is chosen, and an empty required select would block the post that brings them.
        required={required && cityList.length > 0}
        disabled={loadingCities}
        error={errors.city_id}
      />
      <SelectField
        id={`${idPrefix}-district`}
        name={`${namePrefix}district_id`}
        label={t("district")}
        placeholder={loadingDistricts ? t("loading") : t("chooseDistrict")}
        options={districtList.map((entry) => ({ value: entry.id, label: entry.name }))}
        value={district}
        onChange={setDistrict}
        required={false}
        disabled={loadingDistricts}
        hint={t("districtHint")}
        error={errors.district_id}
      />
    </>
  );
}
