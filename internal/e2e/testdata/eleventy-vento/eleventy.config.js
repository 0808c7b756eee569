// An Eleventy site of Vento templates for joins_test.go: the plugin
// adds the language (.vto), which Eleventy does not ship.
import { VentoPlugin } from "eleventy-plugin-vento";

export default function (eleventyConfig) {
  eleventyConfig.addPlugin(VentoPlugin);
}
