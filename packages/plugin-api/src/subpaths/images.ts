/** `@elowen/plugin-api/images`. The host's image store (`ctx.images`): images a tool returns, stored once and kept by reference. */

export type {
  ImageInput,
  ImageProblem,
  ImageProblemCode,
  PluginImages,
  StoredImageContent,
} from "../images.js";
export { checkImageInput, imageTypeOf } from "../images.js";
