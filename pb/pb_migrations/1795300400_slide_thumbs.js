/// <reference path="../pb_data/types.d.ts" />

// A middle thumb size for the list pages' slides (Notes/Recording/OL/AL_Slides).
//
// A phone 390-412 px wide at a device pixel ratio of 1.75-2 wants ~700-820 image pixels: with
// only 640 and 1280 thumbs it took the 1280 one (~80 KB here, the largest paint of /youtube on
// slow mobile data). 960x360 keeps the 8:3 shape at about half the bytes.

const SLIDE_COLLECTIONS = ["Notes_Slides", "Recording_Slides", "OL_Slides", "AL_Slides"];
const MIDDLE_THUMB = "960x360";

migrate((app) => {
  for (const name of SLIDE_COLLECTIONS) {
    const collection = app.findCollectionByNameOrId(name);
    const image = collection.fields.getByName("image");
    if (!image.thumbs.includes(MIDDLE_THUMB)) {
      image.thumbs = [...image.thumbs, MIDDLE_THUMB];
    }
    app.save(collection);
  }
}, (app) => {
  for (const name of SLIDE_COLLECTIONS) {
    const collection = app.findCollectionByNameOrId(name);
    const image = collection.fields.getByName("image");
    image.thumbs = image.thumbs.filter((thumb) => thumb !== MIDDLE_THUMB);
    app.save(collection);
  }
});
