/** A response's JSON body, for assertions (tests read fields without declaring each shape). */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted field by field.
export async function json(response: Response): Promise<any> {
  return response.json();
}
