// A feature's identity within its layer: its id when it has one, else its properties (a tile
// quantises a feature's coordinates to its own grid, so they tell no identity across zoom
// levels; features without ids and with equal properties are one label — give them ids).
export function featureKey(layer, id, properties) {
  if (id !== undefined && id !== null && id !== '') return `${layer}#${id}`;
  return `${layer}|${JSON.stringify(properties)}`;
}
