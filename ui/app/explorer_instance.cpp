#include "app/explorer_instance.h"

namespace placement::ui {

App& explorer_app() {
  // Scheduling goes to the page's Web Worker when peHost.schedule exists, else runs here.
  static App* app = new App(make_host_schedule_service());  // lives as long as the page
  return *app;
}

}  // namespace placement::ui
