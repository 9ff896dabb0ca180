/** Files one plain form post may carry (the page without JavaScript); the script sends one at a time. */
export const MY_IMAGES_FILES_PER_POST = 5;
/** Images per page of the My images grid. */
export const MY_IMAGES_PAGE_SIZE = 48;
