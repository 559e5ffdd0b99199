import { describe, expect, test } from "vitest";
import { getWeather, KNOWN_CITIES } from "./builtin-weather";
import { createToolSession } from "./testing/create-tool-session";

const run = (args: Record<string, unknown>) => createToolSession().run(getWeather, args);
const UNKNOWN = "Known cities: Paris, Tokyo, San Francisco, London, Berlin, Sydney, New York, Cairo.";

describe("get_weather", () => {
  test("answers with canned JSON in celsius by default", async () => {
    expect(await run({ city: "Paris" })).toEqual({
      content:
        '{"city":"Paris","country":"FR","temperature":18,"unit":"celsius","condition":"partly cloudy","humidity_percent":62,"wind_kph":14}',
      isError: false,
    });
  });

  test("converts to fahrenheit, to one decimal, below zero too", async () => {
    const read = async (city: string) =>
      JSON.parse((await run({ city, unit: "fahrenheit" })).content) as { temperature: number; unit: string };
    expect(await read("Paris")).toMatchObject({ temperature: 64.4, unit: "fahrenheit" });
    expect(await read("New York")).toMatchObject({ temperature: 26.6 });
    expect(await read("Cairo")).toMatchObject({ temperature: 95.9 });
  });

  test("matches city names case-insensitively and ignores surrounding spaces", async () => {
    const result = await run({ city: "  san FRANCISCO " });
    expect(JSON.parse(result.content)).toMatchObject({ city: "San Francisco", condition: "fog" });
  });

  test("an unknown city is an error naming the known ones", async () => {
    expect(await run({ city: "Atlantis" })).toEqual({
      content: `Unknown city "Atlantis". ${UNKNOWN}`,
      isError: true,
    });
    for (const city of ["__proto__", "constructor", "toString", ""]) {
      expect(await run({ city })).toEqual({ content: `Unknown city "${city}". ${UNKNOWN}`, isError: true });
    }
  });

  test("refuses a unit outside the enum and a missing city", async () => {
    expect(await run({ city: "Paris", unit: "kelvin" })).toEqual({
      content: '`unit` must be one of celsius, fahrenheit; got "kelvin".',
      isError: true,
    });
    expect(await run({ unit: "celsius" })).toEqual({ content: "`city` is required.", isError: true });
  });

  test("lists every known city in the city property's description", () => {
    const schema = getWeather.definition.input_schema as { properties: { city: { description: string } } };
    for (const city of KNOWN_CITIES) expect(schema.properties.city.description).toContain(city);
  });
});
