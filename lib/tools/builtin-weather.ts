import "server-only";
import { defineTool } from "./define-tool";
import { acceptArguments, fail, requireChoice, requireString, succeed } from "./tool-arguments";

interface CannedWeather {
  city: string;
  country: string;
  temperatureCelsius: number;
  condition: string;
  humidityPercent: number;
  windKph: number;
}

type WeatherRow = [
  city: string,
  country: string,
  celsius: number,
  condition: string,
  humidity: number,
  windKph: number,
];

/** The canned observations, one per known city. Fixed, so every run sees the same weather. */
const CANNED_WEATHER: readonly CannedWeather[] = (
  [
    ["Paris", "FR", 18, "partly cloudy", 62, 14],
    ["Tokyo", "JP", 24, "light rain", 78, 9],
    ["San Francisco", "US", 15, "fog", 85, 22],
    ["London", "GB", 12, "overcast", 81, 17],
    ["Berlin", "DE", 9, "clear", 55, 11],
    ["Sydney", "AU", 27, "sunny", 48, 19],
    ["New York", "US", -3, "snow", 70, 26],
    ["Cairo", "EG", 35.5, "clear", 20, 8],
  ] satisfies WeatherRow[]
).map(([city, country, temperatureCelsius, condition, humidityPercent, windKph]) => ({
  city,
  country,
  temperatureCelsius,
  condition,
  humidityPercent,
  windKph,
}));

/** Known cities by lowercase name (a `Map`: `__proto__` is just an unknown city). */
const BY_NAME: ReadonlyMap<string, CannedWeather> = new Map(
  CANNED_WEATHER.map((entry) => [entry.city.toLowerCase(), entry]),
);

/** The names of the known cities, in table order. */
export const KNOWN_CITIES: readonly string[] = CANNED_WEATHER.map((entry) => entry.city);

/** The known cities and their countries, as seeded in `data/cities.json`. */
export const KNOWN_CITIES_WITH_COUNTRY: Readonly<Record<string, { country: string }>> = Object.fromEntries(
  CANNED_WEATHER.map((entry) => [entry.city, { country: entry.country }]),
);

const UNITS = ["celsius", "fahrenheit"] as const;

/** Celsius to Fahrenheit, to one decimal. */
function convertToFahrenheit(celsius: number): number {
  return Math.round(((celsius * 9) / 5) * 10 + 320) / 10;
}

/**
 * `get_weather`: canned current weather for a handful of cities, as JSON. City names match
 * case-insensitively; an unknown city is an error that names the known ones.
 */
export const getWeather = defineTool({
  name: "get_weather",
  description:
    "Current weather for one city from canned sample data: temperature, conditions, humidity and wind speed. The temperature is in celsius unless fahrenheit is asked for. An unknown city returns an error naming the known ones.",
  input_schema: {
    type: "object",
    properties: {
      city: {
        type: "string",
        minLength: 1,
        description: `City name in English, e.g. Paris. Known cities: ${KNOWN_CITIES.join(", ")}.`,
      },
      unit: {
        type: "string",
        enum: [...UNITS],
        default: "celsius",
        description: "Temperature unit: celsius (the default) or fahrenheit.",
      },
    },
    required: ["city"],
    additionalProperties: false,
  },
  meta: { readOnly: true },
  execute: acceptArguments((args) => {
    const city = requireString(args, "city");
    const unit = requireChoice(args, "unit", UNITS, "celsius");
    const weather = BY_NAME.get(city.trim().toLowerCase());
    if (!weather) return fail(`Unknown city "${city}". Known cities: ${KNOWN_CITIES.join(", ")}.`);
    const temperature =
      unit === "celsius" ? weather.temperatureCelsius : convertToFahrenheit(weather.temperatureCelsius);
    return succeed(
      JSON.stringify({
        city: weather.city,
        country: weather.country,
        temperature,
        unit,
        condition: weather.condition,
        humidity_percent: weather.humidityPercent,
        wind_kph: weather.windKph,
      }),
    );
  }),
});
