from plateau.web.app import main

app = main()
