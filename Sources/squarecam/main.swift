print("squarecam")
